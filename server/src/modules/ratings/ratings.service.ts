// Ratings follow results, inside the transaction that changes the match: a finish (`MatchFinished`)
// rates the match; a cancellation (`MatchCancelled`) or a new final score first reverses whatever an
// earlier finish of the same match applied. The model is openskill's Weng-Lin (common/src/match/skill.ts):
// ladder matches move the ladder standing (`ladder_teams`) and the team's own rating (`teams`), each on
// its own belief; tournament matches the team rating; solo-queue matches every player's belief (`users`),
// the two sides playing as teams of their players. The integer ratings are the displayed ones
// (RATING_START + round(24 × (μ − 3σ))); each change is a `rating_history` row with the model's inputs. A
// drawn series (`winner_side` 0, ladders allow them) is a shared rank and counts in the ladder's `draws`.
// A walkover (an admin's, or a missed tournament ready check: `forfeit`) was not played, so it tells the
// model nothing about skill: it moves no rating, and on a ladder it counts only as a win and a loss.
import type { MatchEvent } from '@versus/common/match/events';
import { displayRating, newSkill, rateResult, winProbability } from '@versus/common/match/skill';
import type { Outcome, SidePair, Skill } from '@versus/common/match/skill';
import { SIDE_CHALLENGER, SIDE_OPPONENT } from '@versus/common/match/state';
import type { MatchState, Side } from '@versus/common/match/state';
import type { Tx } from '../../db/client.ts';
import type { RatingHistoryRow } from '../../db/schema/index.ts';
import { matchSubscriber } from '../matches/index.ts';
import type { MatchRecord, MatchRules } from '../matches/index.ts';
import {
  clearPlayerRatingChanges,
  insertRatingChanges,
  lockLadderRatings,
  lockTeamRatings,
  lockUserRatings,
  moveLadderRecord,
  ratingChangesOfMatch,
  setLadderRating,
  setMatchRatingDeltas,
  setPlayerRatingChange,
  setTeamRating,
  setUserRating,
} from './rating.repository.ts';
import type { NewRatingChange, StoredRating } from './rating.repository.ts';

type Pair = SidePair<number>;
const KEYS = ['challenger', 'opponent'] as const;

/** Everything the model needs to rate one result, from a live match or from stored rows (re-rating). */
export interface ResultToRate {
  matchId: number;
  kind: 'ladder' | 'tournament' | 'solo-queue';
  ladderId: number | null;
  teamIds: SidePair<number | null>;
  /** Solo-queue: the players on each side (substitutes included). */
  players: { userId: number; side: Side }[];
  outcome: Outcome;
  /** Move the ladder's win/loss/draw counters (a live result; re-rating leaves them as they are). */
  countRecord: boolean;
}

/** Ratings subscribe to results, inside the command's transaction (see match-subscribers.ts). */
export const ratingsSubscriber = matchSubscriber({
  name: 'ratings',
  events: ['MatchFinished', 'MatchCancelled'],
  async inTransaction(tx, events, change) {
    await settleRatings(tx, change.before, change.record.state, events, change.rules, change.now);
  },
});

/** The outcome of a finish: the winner's side, or a draw when the event names no side. */
export function outcomeOf(winnerSide: number | null | undefined): Outcome {
  if (winnerSide === SIDE_CHALLENGER) return 'challenger';
  if (winnerSide === SIDE_OPPONENT) return 'opponent';
  return 'draw';
}

/** The rating side of a change, before commit; `before` is the locked record. */
export async function settleRatings(
  tx: Tx,
  before: MatchRecord,
  next: MatchState,
  events: readonly MatchEvent[],
  rules: MatchRules,
  now: number,
): Promise<void> {
  const finished = events.find((e) => e.type === 'MatchFinished');
  const cancelled = events.some((e) => e.type === 'MatchCancelled');
  if (!finished && !cancelled) return;
  await reverseMatchRatings(tx, before, now);
  if (!finished) return;
  if (finished.forfeit) {
    const { challenger, opponent } = next;
    if (before.competition.kind === 'ladder' && challenger.teamId !== null && opponent.teamId !== null) {
      const ids = { challenger: challenger.teamId, opponent: opponent.teamId };
      await countLadderRecord(tx, before.competition.id, ids, outcomeOf(finished.winnerSide));
    }
    return;
  }
  await rateResultOf(
    tx,
    {
      matchId: next.id,
      kind: before.competition.kind,
      ladderId: before.competition.kind === 'ladder' ? before.competition.id : null,
      teamIds: { challenger: next.challenger.teamId, opponent: next.opponent.teamId },
      players: next.players.flatMap((p) =>
        p.side === SIDE_CHALLENGER || p.side === SIDE_OPPONENT ? [{ userId: p.userId, side: p.side }] : [],
      ),
      outcome: outcomeOf(finished.winnerSide),
      countRecord: true,
    },
    rules.ratingStart,
    now,
  );
}

/** Rates one result (the subscriber and the re-rating command both come here). */
export async function rateResultOf(tx: Tx, result: ResultToRate, start: number, now: number): Promise<void> {
  if (result.kind === 'solo-queue') return rateSoloQueue(tx, result, start, now);
  const { challenger, opponent } = result.teamIds;
  if (challenger === null || opponent === null) return;
  const ids = { challenger, opponent };
  const team = await rateTeams(tx, result, ids, start, now);
  const ladder =
    result.ladderId !== null ? await rateLadder(tx, result, result.ladderId, ids, start, now) : null;
  // The header shows the rating the match is played for: the ladder standing, else the team rating.
  const shown = ladder ?? team;
  await setMatchRatingDeltas(tx, result.matchId, shown.deltas, shown.challengerWins);
}

interface Rated {
  deltas: Pair;
  challengerWins: number;
}

const skillOf = (stored: StoredRating | undefined): Skill =>
  stored ? { mu: stored.mu, sigma: stored.sigma } : newSkill();

/**
 * The new stored numbers of one subject: the belief from the model, the displayed rating moved by the
 * change of the displayed belief (so a rating stored before the model, still on its old scale, moves by
 * the model's change rather than jumping to the new scale; `ratings:rerate` aligns it).
 */
function moved(
  stored: StoredRating | undefined,
  before: Skill,
  after: Skill,
  start: number,
): { old: number; next: StoredRating; delta: number } {
  const old = stored?.rating ?? start;
  const delta = displayRating(after, start) - displayRating(before, start);
  return { old, delta, next: { rating: old + delta, mu: after.mu, sigma: after.sigma } };
}

/** One subject per side (a team, a ladder standing): rate, store through `save`, write the history. */
async function rateSingles(
  tx: Tx,
  result: ResultToRate,
  current: Map<number, StoredRating>,
  ids: Pair,
  subject: { ladderId?: number },
  save: (teamId: number, value: StoredRating) => Promise<void>,
  start: number,
  now: number,
): Promise<Rated> {
  const before = {
    challenger: skillOf(current.get(ids.challenger)),
    opponent: skillOf(current.get(ids.opponent)),
  };
  const p = winProbability({ challenger: [before.challenger], opponent: [before.opponent] });
  const after = rateResult({ challenger: [before.challenger], opponent: [before.opponent] }, result.outcome);
  const deltas = { challenger: 0, opponent: 0 };
  const rows: NewRatingChange[] = [];
  for (const key of KEYS) {
    const next = after[key][0] ?? before[key];
    const m = moved(current.get(ids[key]), before[key], next, start);
    await save(ids[key], m.next);
    deltas[key] = m.delta;
    rows.push({
      teamId: ids[key],
      ...subject,
      matchId: result.matchId,
      reason: 'match',
      oldRating: m.old,
      newRating: m.next.rating,
      delta: m.delta,
      muBefore: before[key].mu,
      sigmaBefore: before[key].sigma,
      muAfter: next.mu,
      sigmaAfter: next.sigma,
      winProbability: p[key],
    });
  }
  await insertRatingChanges(tx, rows, new Date(now));
  return { deltas, challengerWins: p.challenger };
}

async function rateTeams(tx: Tx, result: ResultToRate, ids: Pair, start: number, now: number) {
  const current = await lockTeamRatings(tx, [ids.challenger, ids.opponent]);
  const at = new Date(now);
  return rateSingles(tx, result, current, ids, {}, (id, v) => setTeamRating(tx, id, v, at), start, now);
}

async function rateLadder(
  tx: Tx,
  result: ResultToRate,
  ladderId: number,
  ids: Pair,
  start: number,
  now: number,
): Promise<Rated | null> {
  const current = await lockLadderRatings(tx, ladderId, [ids.challenger, ids.opponent]);
  // A team that left the ladder: its team rating still moves, the standings do not.
  if (!current.has(ids.challenger) || !current.has(ids.opponent)) return null;
  const rated = await rateSingles(
    tx,
    result,
    current,
    ids,
    { ladderId },
    (id, v) => setLadderRating(tx, ladderId, id, v),
    start,
    now,
  );
  if (result.countRecord) await countLadderRecord(tx, ladderId, ids, result.outcome);
  return rated;
}

/** A ladder result's win and loss (or two draws) on the standings' counters. */
async function countLadderRecord(tx: Tx, ladderId: number, ids: Pair, outcome: Outcome): Promise<void> {
  for (const key of KEYS) {
    const won = outcome === key;
    const draw = outcome === 'draw';
    await moveLadderRecord(tx, ladderId, ids[key], {
      wins: won ? 1 : 0,
      losses: !won && !draw ? 1 : 0,
      draws: draw ? 1 : 0,
    });
  }
}

async function rateSoloQueue(tx: Tx, result: ResultToRate, start: number, now: number): Promise<void> {
  const players = result.players;
  const current = await lockUserRatings(
    tx,
    players.map((p) => p.userId),
  );
  const side = (s: Side) => players.filter((p) => p.side === s);
  const lineup = { challenger: side(SIDE_CHALLENGER), opponent: side(SIDE_OPPONENT) };
  const before = {
    challenger: lineup.challenger.map((p) => skillOf(current.get(p.userId))),
    opponent: lineup.opponent.map((p) => skillOf(current.get(p.userId))),
  };
  if (before.challenger.length === 0 || before.opponent.length === 0) return;
  const p = winProbability(before);
  const after = rateResult(before, result.outcome);
  const at = new Date(now);
  const rows: NewRatingChange[] = [];
  const sums = { challenger: 0, opponent: 0 };
  for (const key of KEYS) {
    for (const [i, player] of lineup[key].entries()) {
      const was = before[key][i] ?? newSkill();
      const next = after[key][i] ?? was;
      const m = moved(current.get(player.userId), was, next, start);
      await setUserRating(tx, player.userId, m.next, at);
      await setPlayerRatingChange(tx, result.matchId, player.userId, {
        ratingBefore: m.old,
        ratingDelta: m.delta,
      });
      sums[key] += m.delta;
      rows.push({
        userId: player.userId,
        matchId: result.matchId,
        reason: 'match',
        oldRating: m.old,
        newRating: m.next.rating,
        delta: m.delta,
        muBefore: was.mu,
        sigmaBefore: was.sigma,
        muAfter: next.mu,
        sigmaAfter: next.sigma,
        winProbability: p[key],
      });
    }
  }
  await insertRatingChanges(tx, rows, at);
  // The header shows each side's mean change.
  const deltas = {
    challenger: Math.round(sums.challenger / lineup.challenger.length),
    opponent: Math.round(sums.opponent / lineup.opponent.length),
  };
  await setMatchRatingDeltas(tx, result.matchId, deltas, p.challenger);
}

interface NetChange {
  userId: number | null;
  teamId: number | null;
  ladderId: number | null;
  delta: number;
  mu: number;
  sigma: number;
}

/** What is still applied per rated subject: the sum of the match's history rows (results and reversals). */
function netChanges(history: readonly RatingHistoryRow[]): NetChange[] {
  const net = new Map<string, NetChange>();
  for (const row of history) {
    const key = `${String(row.userId)}:${String(row.teamId)}:${String(row.ladderId)}`;
    const entry = net.get(key) ?? {
      userId: row.userId,
      teamId: row.teamId,
      ladderId: row.ladderId,
      delta: 0,
      mu: 0,
      sigma: 0,
    };
    entry.delta += row.delta;
    // Rows from before the model (Elo) carry no belief: they move only the displayed rating.
    if (row.muBefore !== null && row.muAfter !== null) entry.mu += row.muAfter - row.muBefore;
    if (row.sigmaBefore !== null && row.sigmaAfter !== null) entry.sigma += row.sigmaAfter - row.sigmaBefore;
    net.set(key, entry);
  }
  return [...net.values()];
}

/** Takes a net change back from stored numbers: the displayed change exactly, the belief's μ and σ. */
function reversed(old: StoredRating, e: NetChange): StoredRating {
  return { rating: old.rating - e.delta, mu: old.mu - e.mu, sigma: Math.max(old.sigma - e.sigma, 0.01) };
}

function reversalRow(
  subject: { userId?: number; teamId?: number; ladderId?: number },
  matchId: number,
  old: StoredRating,
  next: StoredRating,
): NewRatingChange {
  return {
    ...subject,
    matchId,
    reason: 'reversal',
    oldRating: old.rating,
    newRating: next.rating,
    delta: next.rating - old.rating,
    muBefore: old.mu,
    sigmaBefore: old.sigma,
    muAfter: next.mu,
    sigmaAfter: next.sigma,
    winProbability: null,
  };
}

/**
 * Undoes what earlier results of this match did (only what is still applied, so a second resolution
 * reverses exactly once) and writes `reversal` rows: the displayed change exactly, and the change of the
 * belief (μ back, σ widened again). A no-op for a match that never finished.
 */
export async function reverseMatchRatings(tx: Tx, record: MatchRecord, now: number): Promise<void> {
  const history = await ratingChangesOfMatch(tx, record.state.id);
  if (history.length === 0) {
    // A walkover moved no rating, but a ladder's counted its win and loss.
    if (record.row.forfeit) await undoLadderRecord(tx, record);
    return;
  }
  const matchId = record.state.id;
  const at = new Date(now);
  const changes: NewRatingChange[] = [];
  for (const e of netChanges(history)) {
    if (e.delta === 0 && e.mu === 0 && e.sigma === 0) continue;
    if (e.userId !== null) {
      const old = (await lockUserRatings(tx, [e.userId])).get(e.userId);
      if (old === undefined) continue;
      const next = reversed(old, e);
      await setUserRating(tx, e.userId, next, at);
      changes.push(reversalRow({ userId: e.userId }, matchId, old, next));
    } else if (e.teamId !== null && e.ladderId === null) {
      const old = (await lockTeamRatings(tx, [e.teamId])).get(e.teamId);
      if (old === undefined) continue;
      const next = reversed(old, e);
      await setTeamRating(tx, e.teamId, next, at);
      changes.push(reversalRow({ teamId: e.teamId }, matchId, old, next));
    } else if (e.teamId !== null && e.ladderId !== null) {
      const old = (await lockLadderRatings(tx, e.ladderId, [e.teamId])).get(e.teamId);
      if (old === undefined) continue;
      const next = reversed(old, e);
      await setLadderRating(tx, e.ladderId, e.teamId, next);
      changes.push(reversalRow({ teamId: e.teamId, ladderId: e.ladderId }, matchId, old, next));
    }
  }
  await undoLadderRecord(tx, record);
  await insertRatingChanges(tx, changes, at);
  await setMatchRatingDeltas(tx, matchId, null);
  await clearPlayerRatingChanges(tx, matchId);
}

/** A ladder result being voided takes back the win and the loss (or the draws) it counted. */
async function undoLadderRecord(tx: Tx, record: MatchRecord): Promise<void> {
  const { challenger, opponent, finishedAt } = record.state;
  const winnerSide = record.row.winnerSide;
  if (record.competition.kind !== 'ladder' || winnerSide === null || finishedAt === null) return;
  if (challenger.teamId === null || opponent.teamId === null) return;
  const ladderId = record.competition.id;
  if (winnerSide === 0) {
    await moveLadderRecord(tx, ladderId, challenger.teamId, { wins: 0, losses: 0, draws: -1 });
    await moveLadderRecord(tx, ladderId, opponent.teamId, { wins: 0, losses: 0, draws: -1 });
    return;
  }
  const [winner, loser] =
    winnerSide === SIDE_OPPONENT
      ? [opponent.teamId, challenger.teamId]
      : [challenger.teamId, opponent.teamId];
  await moveLadderRecord(tx, ladderId, winner, { wins: -1, losses: 0, draws: 0 });
  await moveLadderRecord(tx, ladderId, loser, { wins: 0, losses: -1, draws: 0 });
}

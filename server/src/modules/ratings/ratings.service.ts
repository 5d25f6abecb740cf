// Ratings follow results, inside the transaction that changes the match: a finish (`MatchFinished`)
// rates the match; a cancellation (`MatchCancelled`) or a new final score first reverses whatever an
// earlier finish of the same match applied. Ladder matches move the ladder standing (`ladder_teams`) and
// the team's own rating (`teams`), each by Elo on its own numbers; tournament matches the team rating;
// solo-queue matches every player's `users.elo` by the Elo of the two sides' mean ratings.
import type { MatchEvent } from '@versus/common/match/events';
import { SIDE_CHALLENGER, SIDE_OPPONENT } from '@versus/common/match/state';
import type { MatchState, Side } from '@versus/common/match/state';
import type { Tx } from '../../db/client.ts';
import type { RatingHistoryRow } from '../../db/schema/index.ts';
import type { MatchRules } from '../matches/match-rules.ts';
import type { MatchRecord } from '../matches/match-state.mapper.ts';
import { eloDeltas, sideRating } from './elo.ts';
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
import type { NewRatingChange } from './rating.repository.ts';

interface Pair {
  challenger: number;
  opponent: number;
}
const KEYS = ['challenger', 'opponent'] as const;

/** The rating side of a change, called by the runner before commit; `before` is the locked record. */
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
  if (finished) await rateMatch(tx, before, next, finished.winnerSide, rules, now);
}

async function rateMatch(
  tx: Tx,
  record: MatchRecord,
  next: MatchState,
  winnerSide: Side,
  rules: MatchRules,
  now: number,
): Promise<void> {
  if (next.type === 'solo-queue') return rateSoloQueue(tx, next, winnerSide, rules, now);
  const { challenger, opponent } = next;
  if (challenger.teamId === null || opponent.teamId === null) return;
  const ids = { challenger: challenger.teamId, opponent: opponent.teamId };
  const teamDeltas = await rateTeams(tx, next.id, ids, winnerSide, rules, now);
  const ladderDeltas =
    record.competition.kind === 'ladder'
      ? await rateLadder(tx, next.id, record.competition.id, ids, winnerSide, rules, now)
      : null;
  // The header shows the rating the match is played for: the ladder standing, else the team rating.
  await setMatchRatingDeltas(tx, next.id, ladderDeltas ?? teamDeltas);
}

async function rateTeams(
  tx: Tx,
  matchId: number,
  ids: Pair,
  winnerSide: Side,
  rules: MatchRules,
  now: number,
): Promise<Pair> {
  const current = await lockTeamRatings(tx, [ids.challenger, ids.opponent]);
  const ratings = {
    challenger: current.get(ids.challenger) ?? rules.ratingStart,
    opponent: current.get(ids.opponent) ?? rules.ratingStart,
  };
  const deltas = eloDeltas(ratings, winnerSide, rules.ratingK);
  const at = new Date(now);
  for (const key of KEYS) await setTeamRating(tx, ids[key], ratings[key] + deltas[key], at);
  await insertRatingChanges(
    tx,
    KEYS.map((key) => change({ teamId: ids[key] }, matchId, 'match', ratings[key], deltas[key])),
    at,
  );
  return deltas;
}

async function rateLadder(
  tx: Tx,
  matchId: number,
  ladderId: number,
  ids: Pair,
  winnerSide: Side,
  rules: MatchRules,
  now: number,
): Promise<Pair | null> {
  const current = await lockLadderRatings(tx, ladderId, [ids.challenger, ids.opponent]);
  const c = current.get(ids.challenger);
  const o = current.get(ids.opponent);
  if (c === undefined || o === undefined) return null; // a team left the ladder: its team rating still moves
  const ratings = { challenger: c, opponent: o };
  const deltas = eloDeltas(ratings, winnerSide, rules.ratingK);
  for (const key of KEYS) {
    const won = (key === 'challenger') === (winnerSide === SIDE_CHALLENGER);
    await setLadderRating(tx, ladderId, ids[key], ratings[key] + deltas[key]);
    await moveLadderRecord(tx, ladderId, ids[key], { wins: won ? 1 : 0, losses: won ? 0 : 1 });
  }
  await insertRatingChanges(
    tx,
    KEYS.map((key) => change({ teamId: ids[key], ladderId }, matchId, 'match', ratings[key], deltas[key])),
    new Date(now),
  );
  return deltas;
}

async function rateSoloQueue(
  tx: Tx,
  match: MatchState,
  winnerSide: Side,
  rules: MatchRules,
  now: number,
): Promise<void> {
  const players = match.players.filter((p) => p.side === SIDE_CHALLENGER || p.side === SIDE_OPPONENT);
  const current = await lockUserRatings(
    tx,
    players.map((p) => p.userId),
  );
  const ratingOf = (userId: number) => current.get(userId) ?? rules.ratingStart;
  const sideOf = (side: Side) =>
    sideRating(
      players.filter((p) => p.side === side).map((p) => ratingOf(p.userId)),
      rules.ratingStart,
    );
  const ratings = { challenger: sideOf(SIDE_CHALLENGER), opponent: sideOf(SIDE_OPPONENT) };
  const deltas = eloDeltas(ratings, winnerSide, rules.ratingK);
  const at = new Date(now);
  const changes: NewRatingChange[] = [];
  for (const p of players) {
    const delta = p.side === SIDE_CHALLENGER ? deltas.challenger : deltas.opponent;
    const old = ratingOf(p.userId);
    await setUserRating(tx, p.userId, old + delta, at);
    await setPlayerRatingChange(tx, match.id, p.userId, { ratingBefore: old, ratingDelta: delta });
    changes.push(change({ userId: p.userId }, match.id, 'match', old, delta));
  }
  await insertRatingChanges(tx, changes, at);
  await setMatchRatingDeltas(tx, match.id, deltas);
}

function change(
  subject: { userId?: number; teamId?: number; ladderId?: number },
  matchId: number,
  reason: NewRatingChange['reason'],
  oldRating: number,
  delta: number,
): NewRatingChange {
  return { ...subject, matchId, reason, oldRating, newRating: oldRating + delta, delta };
}

/** What is still applied per rated subject: the sum of the match's history rows (results and reversals). */
function netChanges(history: readonly RatingHistoryRow[]) {
  const net = new Map<
    string,
    { userId: number | null; teamId: number | null; ladderId: number | null; delta: number }
  >();
  for (const row of history) {
    const key = `${String(row.userId)}:${String(row.teamId)}:${String(row.ladderId)}`;
    const entry = net.get(key) ?? {
      userId: row.userId,
      teamId: row.teamId,
      ladderId: row.ladderId,
      delta: 0,
    };
    entry.delta += row.delta;
    net.set(key, entry);
  }
  return [...net.values()];
}

/**
 * Undoes what earlier results of this match did (only what is still applied, so a second resolution
 * reverses exactly once) and writes `reversal` rows. A no-op for a match that never finished.
 */
export async function reverseMatchRatings(tx: Tx, record: MatchRecord, now: number): Promise<void> {
  const history = await ratingChangesOfMatch(tx, record.state.id);
  if (history.length === 0) return;
  const matchId = record.state.id;
  const at = new Date(now);
  const changes: NewRatingChange[] = [];
  for (const e of netChanges(history)) {
    if (e.delta === 0) continue;
    if (e.userId !== null) {
      const old = (await lockUserRatings(tx, [e.userId])).get(e.userId);
      if (old === undefined) continue;
      await setUserRating(tx, e.userId, old - e.delta, at);
      changes.push(change({ userId: e.userId }, matchId, 'reversal', old, -e.delta));
    } else if (e.teamId !== null && e.ladderId === null) {
      const old = (await lockTeamRatings(tx, [e.teamId])).get(e.teamId);
      if (old === undefined) continue;
      await setTeamRating(tx, e.teamId, old - e.delta, at);
      changes.push(change({ teamId: e.teamId }, matchId, 'reversal', old, -e.delta));
    } else if (e.teamId !== null && e.ladderId !== null) {
      const old = (await lockLadderRatings(tx, e.ladderId, [e.teamId])).get(e.teamId);
      if (old === undefined) continue;
      await setLadderRating(tx, e.ladderId, e.teamId, old - e.delta);
      changes.push(change({ teamId: e.teamId, ladderId: e.ladderId }, matchId, 'reversal', old, -e.delta));
    }
  }
  await undoLadderRecord(tx, record);
  await insertRatingChanges(tx, changes, at);
  await setMatchRatingDeltas(tx, matchId, null);
  await clearPlayerRatingChanges(tx, matchId);
}

/** A ladder result being voided takes back the win and the loss it counted. */
async function undoLadderRecord(tx: Tx, record: MatchRecord): Promise<void> {
  const { winnerSide, finishedAt, challenger, opponent } = record.state;
  if (record.competition.kind !== 'ladder' || winnerSide === null || finishedAt === null) return;
  if (challenger.teamId === null || opponent.teamId === null) return;
  const ladderId = record.competition.id;
  const [winner, loser] =
    winnerSide === SIDE_OPPONENT
      ? [opponent.teamId, challenger.teamId]
      : [challenger.teamId, opponent.teamId];
  await moveLadderRecord(tx, ladderId, winner, { wins: -1, losses: 0 });
  await moveLadderRecord(tx, ladderId, loser, { wins: 0, losses: -1 });
}

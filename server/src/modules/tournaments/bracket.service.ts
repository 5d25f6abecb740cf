// Tournament start and bracket advancement, for every format (bracket-engine.ts). `startDueTournaments` is
// a step of the deadline sweeper: at `startDate` the bracket is drawn from the signed-up (and, with a
// check-in, checked-in) teams in seed order, and each slot whose two teams are known becomes a match in
// status 3, so the engine's schedule -> ready check flow takes over. `advanceTournament` runs inside the
// transaction of the command that finished or cancelled a bracket match (a match subscriber): it records
// the result, creates the matches that became playable and closes the tournament with its champion.
import type { MatchEvent } from '@versus/common/match/events';
import { RESULT_DRAW } from '@versus/common/match/state';
import type { MatchState } from '@versus/common/match/state';
import type { Tx } from '../../db/client.ts';
import type { NotificationRow, TournamentRow } from '../../db/schema/index.ts';
import type { AppContext } from '../../core/app-context.ts';
import { matchSubscriber } from '../matches/index.ts';
import {
  createNotifications,
  publishNotifications,
  teamNotificationMessage,
} from '../notifications/index.ts';
import { recordMatchCreated, startSending } from '../webhooks/index.ts';
import { roundStart } from './bracket.ts';
import { TournamentBracket } from './bracket-engine.ts';
import type { BracketSettings, SlotResult } from './bracket-engine.ts';
import {
  bracketRefs,
  claimDueTournament,
  insertBracketMatch,
  lockMatchRow,
  lockTournamentRow,
  membersOf,
  placeTeam,
  saveBracket,
  scheduleWhenReady,
  setEliminated,
  setSeed,
  teamName,
  teamsBySeed,
  tournamentById,
  updateTournament,
  withdrawUncheckedEntries,
} from './bracket.repository.ts';
import { pagesChanged } from '../../core/page-cache.ts';

export function bracketSettingsOf(t: TournamentRow): BracketSettings {
  return {
    format: t.format,
    thirdPlaceMatch: t.thirdPlaceMatch,
    grandFinalReset: t.grandFinalReset,
    groupCount: t.groupCount,
    swissRounds: t.swissRounds,
    groupStage: t.groupStage === 'swiss' ? 'swiss' : 'round_robin',
    playoffTeams: t.playoffTeams,
  };
}

/** What a bracket change owes after commit: notifications and the new matches' webhook deliveries. */
export interface BracketOutcome {
  notes: NotificationRow[];
  /** The effects of the `match.created` webhook deliveries (`startSending`). */
  hooks: number[];
}

/** Draws the bracket of one locked, due tournament. Fewer than 2 teams: it is cancelled. */
export async function generateBracket(
  ctx: AppContext,
  tx: Tx,
  tournament: TournamentRow,
  now: number,
): Promise<BracketOutcome> {
  const at = new Date(now);
  if (tournament.checkInMinutes > 0) await withdrawUncheckedEntries(tx, tournament.id, at);
  const entries = await teamsBySeed(tx, tournament);
  if (entries.length < 2) {
    await updateTournament(tx, tournament.id, { status: 'cancelled', finishedAt: at });
    return { notes: [], hooks: [] };
  }
  for (const [i, entry] of entries.entries()) await setSeed(tx, entry.entryId, i + 1);
  const bracket = await TournamentBracket.draw(
    bracketSettingsOf(tournament),
    entries.map((e) => e.teamId),
  );
  const hooks = await createPlayableMatches(ctx, tx, tournament, bracket, now);
  await saveBracket(tx, tournament.id, bracket.toStored());
  await updateTournament(tx, tournament.id, { status: 'running', startedAt: at });
  const captains = await membersOf(
    tx,
    entries.map((e) => e.teamId),
  );
  const notes = await createNotifications(
    tx,
    captains.map((c) => ({
      userId: c.userId,
      type: 'tournament-started',
      message: teamNotificationMessage('tournament-started', {
        teamName: entries.find((e) => e.teamId === c.teamId)?.name ?? '',
        tournamentName: tournament.name,
      }),
      data: { redirectUrl: `/tournament/${tournament.slug}`, tournamentId: tournament.id },
    })),
    now,
  );
  return { notes, hooks };
}

/**
 * One match (status 3) per open slot that has none yet, with both rosters; it is due at its round's
 * planned start (start + (round - 1) x interval), or at once when that has passed. Each new match is
 * announced to webhooks (`match.created`); answers those deliveries' effects.
 */
async function createPlayableMatches(
  ctx: AppContext,
  tx: Tx,
  tournament: TournamentRow,
  bracket: TournamentBracket,
  now: number,
): Promise<number[]> {
  const existing = await bracketRefs(tx, tournament.id);
  const at = new Date(now);
  const hooks: number[] = [];
  for (const slot of bracket.openSlots()) {
    if (existing.has(slot.ref)) continue;
    const id = await insertBracketMatch(tx, {
      tournament,
      ref: slot.ref,
      round: slot.eventRound,
      position: slot.position,
      bestOf: slot.isFinal ? tournament.finalBestOf : tournament.bestOf,
      expectedStart: new Date(
        roundStart(tournament.startDate.getTime(), slot.eventRound, tournament.roundIntervalMinutes),
      ),
      now: at,
    });
    let row = await lockMatchRow(tx, id);
    if (row) row = await placeTeam(tx, row, 1, slot.challengerTeamId, at);
    if (row) row = await placeTeam(tx, row, 2, slot.opponentTeamId, at);
    if (row) await scheduleWhenReady(tx, row, at);
    hooks.push(...(await recordMatchCreated(ctx, tx, id, now)));
  }
  return hooks;
}

/** Sweeper step: starts every tournament whose start has come; returns how many were started. */
export async function startDueTournaments(ctx: AppContext, now: number): Promise<number> {
  const skip: number[] = [];
  let started = 0;
  for (;;) {
    let claimed: number | null = null;
    try {
      const outcome = await ctx.db.transaction(async (tx) => {
        const tournament = await claimDueTournament(tx, new Date(now), skip);
        if (!tournament) return null;
        claimed = tournament.id;
        return generateBracket(ctx, tx, tournament, now);
      });
      if (outcome === null) return started;
      started += 1;
      await pagesChanged(ctx);
      await publishNotifications(ctx, outcome.notes);
      startSending(ctx, outcome.hooks);
      if (claimed !== null) await ctx.publish('OnTournamentUpdate', claimed, { tournamentId: claimed });
    } catch (err) {
      if (claimed === null) throw err;
      ctx.log.error({ err, tournamentId: claimed }, 'tournament: bracket generation failed');
      skip.push(claimed);
    }
  }
}

/** The bracket follows finished and cancelled tournament matches, in the deciding command's transaction. */
export const bracketSubscriber = matchSubscriber({
  name: 'tournament brackets',
  events: ['MatchFinished', 'MatchCancelled', 'MatchDetailUpdate'],
  async inTransaction(tx, events, change) {
    const { competition } = change.record;
    if (competition.kind !== 'tournament') return;
    const { notes, hooks } = await advanceTournament(change.ctx, tx, change.record.state, events, change.now);
    return async () => {
      await publishNotifications(change.ctx, notes);
      startSending(change.ctx, hooks);
      // The tournament page refetches: a status, a score or the next round changed.
      await change.ctx.publish('OnTournamentUpdate', competition.id, { tournamentId: competition.id });
    };
  },
});

/**
 * Called in the transaction of any command that finished or cancelled a tournament match. A finished match
 * sends its winner on (a forfeit at the ready check is a walkover); a cancelled one (nobody ready at the
 * deadline, or an admin's cancel) puts both sides out and the bracket moves on without them. The matches
 * that became playable are created, and the last one closes the tournament with its champion. A slot is
 * recorded once: a result changed later by a dispute does not redraw the bracket.
 */
export async function advanceTournament(
  ctx: AppContext,
  tx: Tx,
  match: MatchState,
  events: readonly MatchEvent[],
  now: number,
): Promise<BracketOutcome> {
  const none: BracketOutcome = { notes: [], hooks: [] };
  if (match.type !== 'tournament') return none;
  const finished = events.find((e) => e.type === 'MatchFinished');
  const cancelled = events.some((e) => e.type === 'MatchCancelled');
  if (!finished && !cancelled) return none;
  // A bracket needs a winner: tournaments do not allow draws, and a drawn result (an admin allowed them)
  // advances nobody until it is settled.
  if (finished?.winnerSide === RESULT_DRAW) return none;
  const row = await lockMatchRow(tx, match.id);
  if (!row?.tournamentId || !row.bracketRef || row.challengerTeamId === null || row.opponentTeamId === null) {
    return none;
  }
  const tournament = await lockTournamentRow(tx, row.tournamentId);
  if (tournament?.status !== 'running' || !tournament.bracket) return none;
  const bracket = TournamentBracket.load(tournament.bracket);
  const result: SlotResult = finished
    ? {
        winnerSide: finished.winnerSide === 1 ? 1 : finished.winnerSide === 2 ? 2 : 0,
        challengerScore: row.challengerScore,
        opponentScore: row.opponentScore,
      }
    : { winnerSide: null, challengerScore: null, opponentScore: null };
  if (!(await bracket.record(row.bracketRef, result))) return none;
  for (const teamId of bracket.knockedOut(row.bracketRef, row.challengerTeamId, row.opponentTeamId, result)) {
    await setEliminated(tx, tournament.id, teamId, row.tournamentRound);
  }
  const hooks = await createPlayableMatches(ctx, tx, tournament, bracket, now);
  await saveBracket(tx, tournament.id, bracket.toStored());
  if (!bracket.finished) return { notes: [], hooks };
  const at = new Date(now);
  const champion = bracket.championTeamId;
  await updateTournament(tx, tournament.id, { status: 'finished', winnerTeamId: champion, finishedAt: at });
  if (champion === null) return { notes: [], hooks };
  const fresh = await tournamentById(tx, tournament.id);
  const members = await membersOf(tx, [champion], true);
  const winnerName =
    champion === row.challengerTeamId
      ? match.challenger.name
      : champion === row.opponentTeamId
        ? match.opponent.name
        : await teamName(tx, champion);
  const notes = await createNotifications(
    tx,
    members.map((m) => ({
      userId: m.userId,
      type: 'tournament-won',
      message: teamNotificationMessage('tournament-won', {
        teamName: winnerName,
        tournamentName: fresh?.name ?? tournament.name,
      }),
      data: { redirectUrl: `/tournament/${tournament.slug}`, tournamentId: tournament.id },
    })),
    now,
  );
  return { notes, hooks };
}

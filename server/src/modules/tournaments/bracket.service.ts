// Tournament start and bracket advancement. `startDueTournaments` is a step of the deadline sweeper:
// at `startDate` the bracket is generated (single elimination, seeded by team rating, byes for the top
// seeds) with every match in status 3, so the engine's schedule -> ready check flow takes over.
// `advanceTournament` runs inside the transaction of the command that finished a bracket match.
import type { MatchEvent } from '@versus/common/match/events';
import type { MatchState } from '@versus/common/match/state';
import type { Tx } from '../../db/client.ts';
import type { NotificationRow, TournamentRow } from '../../db/schema/index.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { createNotifications, publishNotifications } from '../notifications/notify.ts';
import { teamNotificationMessage } from '../notifications/team-notification.texts.ts';
import { planBracket, roundStart } from './bracket.ts';
import {
  claimDueTournament,
  insertBracketMatch,
  linkNextMatch,
  lockMatchRow,
  membersOf,
  placeTeam,
  scheduleWhenReady,
  setEliminated,
  setSeed,
  teamsBySeed,
  tournamentById,
  updateTournament,
} from './bracket.repository.ts';

/** Generates the bracket of one locked, due tournament. Fewer than 2 teams: it is cancelled. */
export async function generateBracket(
  tx: Tx,
  tournament: TournamentRow,
  now: number,
): Promise<NotificationRow[]> {
  const at = new Date(now);
  const entries = await teamsBySeed(tx, tournament.id);
  if (entries.length < 2) {
    await updateTournament(tx, tournament.id, { status: 'cancelled', finishedAt: at });
    return [];
  }
  for (const [i, entry] of entries.entries()) await setSeed(tx, entry.entryId, i + 1);
  const plan = planBracket(entries.length);
  const start = tournament.startDate.getTime();
  const ids = new Map<string, number>();
  const key = (round: number, position: number) => `${String(round)}:${String(position)}`;
  // Last round first, so every match can be linked to its next one as it is created.
  for (const m of [...plan.matches].sort((a, b) => b.round - a.round || a.position - b.position)) {
    const id = await insertBracketMatch(tx, {
      tournament,
      round: m.round,
      position: m.position,
      bestOf: m.round === plan.rounds ? tournament.finalBestOf : tournament.bestOf,
      expectedStart: new Date(roundStart(start, m.round, tournament.roundIntervalMinutes)),
      now: at,
    });
    ids.set(key(m.round, m.position), id);
    const nextId = m.next ? ids.get(key(m.round + 1, m.next.position)) : undefined;
    if (m.next && nextId !== undefined) await linkNextMatch(tx, id, nextId, m.next.side);
    let row = await lockMatchRow(tx, id);
    for (const [side, seed] of [
      [1, m.challengerSeed],
      [2, m.opponentSeed],
    ] as const) {
      const entry = seed === null ? undefined : entries[seed - 1];
      if (row && entry) row = await placeTeam(tx, row, side, entry.teamId, at);
    }
    if (row) await scheduleWhenReady(tx, row, at);
  }
  await updateTournament(tx, tournament.id, { status: 'running', startedAt: at });
  const captains = await membersOf(
    tx,
    entries.map((e) => e.teamId),
  );
  return createNotifications(
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
}

/** Sweeper step: starts every tournament whose start has come; returns how many were started. */
export async function startDueTournaments(engine: MatchEngine, now: number): Promise<number> {
  const skip: number[] = [];
  let started = 0;
  for (;;) {
    let claimed: number | null = null;
    try {
      const notes = await engine.db.transaction(async (tx) => {
        const tournament = await claimDueTournament(tx, new Date(now), skip);
        if (!tournament) return null;
        claimed = tournament.id;
        return generateBracket(tx, tournament, now);
      });
      if (notes === null) return started;
      started += 1;
      await publishNotifications(engine, notes);
    } catch (err) {
      if (claimed === null) throw err;
      engine.log.error({ err, tournamentId: claimed }, 'tournament: bracket generation failed');
      skip.push(claimed);
    }
  }
}

/**
 * Called in the transaction of any command: when it finished a tournament match, the winner moves into
 * its slot of the next match (which gets its start date once both teams are known), the loser is
 * marked eliminated, and a finished final finishes the tournament. A result changed later by a
 * dispute moves the new winner in, as long as the next match has not started (status 3).
 */
export async function advanceTournament(
  tx: Tx,
  match: MatchState,
  events: readonly MatchEvent[],
  now: number,
): Promise<NotificationRow[]> {
  const finished = events.find((e) => e.type === 'MatchFinished');
  if (!finished || match.type !== 'tournament') return [];
  const row = await lockMatchRow(tx, match.id);
  if (!row?.tournamentId || row.challengerTeamId === null || row.opponentTeamId === null) return [];
  const [winner, loser] =
    finished.winnerSide === 1
      ? [row.challengerTeamId, row.opponentTeamId]
      : [row.opponentTeamId, row.challengerTeamId];
  await setEliminated(tx, row.tournamentId, loser, row.tournamentRound);
  await setEliminated(tx, row.tournamentId, winner, null);
  const at = new Date(now);
  if (row.nextMatchId !== null) {
    const next = await lockMatchRow(tx, row.nextMatchId);
    if (!next || next.statusId !== 3) return [];
    const side = row.nextMatchSide === 2 ? 2 : 1;
    const placed = await placeTeam(tx, next, side, winner, at);
    await scheduleWhenReady(tx, placed, at);
    return [];
  }
  const tournament = await tournamentById(tx, row.tournamentId);
  if (!tournament || tournament.status === 'cancelled') return [];
  await updateTournament(tx, tournament.id, { status: 'finished', winnerTeamId: winner, finishedAt: at });
  const members = await membersOf(tx, [winner], true);
  const winnerName = (finished.winnerSide === 1 ? match.challenger : match.opponent).name;
  return createNotifications(
    tx,
    members.map((m) => ({
      userId: m.userId,
      type: 'tournament-won',
      message: teamNotificationMessage('tournament-won', {
        teamName: winnerName,
        tournamentName: tournament.name,
      }),
      data: { redirectUrl: `/tournament/${tournament.slug}`, tournamentId: tournament.id },
    })),
    now,
  );
}

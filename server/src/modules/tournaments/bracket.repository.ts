// Queries of bracket generation and advancement. All run in the caller's transaction.
import { defaultLineup } from '@versus/common/match/lineup';
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  matchPlayers,
  matches,
  teamMembers,
  teams,
  tournamentRoundWindows,
  tournamentTeams,
  tournaments,
} from '../../db/schema/index.ts';
import type { MatchRow, StoredBracket, TournamentRow } from '../../db/schema/index.ts';
import { bansInForce } from '../bans/index.ts';

/** An upcoming tournament whose start has come (the sweeper's probe uses the same condition). */
export function tournamentStartDue(now: Date) {
  return and(eq(tournaments.status, 'upcoming'), lte(tournaments.startDate, now));
}

/** One upcoming tournament whose start has come, locked; another instance skips it. */
export async function claimDueTournament(tx: Tx, now: Date, skip: number[]): Promise<TournamentRow | null> {
  const rows = await tx
    .select()
    .from(tournaments)
    .where(tournamentStartDue(now))
    .orderBy(asc(tournaments.startDate), asc(tournaments.id))
    .limit(1 + skip.length)
    .for('update', { skipLocked: true });
  return rows.find((r) => !skip.includes(r.id)) ?? null;
}

/**
 * Teams that play, in seed order: signed up and not withdrawn (and checked in, when the tournament has a
 * check-in). `manual` seeding puts the admin's seeds first (1, 2, ...), then the rest; within each, the
 * best team rating first, then who signed up first.
 */
export async function teamsBySeed(tx: Tx, tournament: TournamentRow) {
  const rows = await tx
    .select({
      entryId: tournamentTeams.id,
      teamId: teams.id,
      name: teams.name,
      rating: teams.rating,
      seed: tournamentTeams.seed,
    })
    .from(tournamentTeams)
    .innerJoin(teams, eq(teams.id, tournamentTeams.teamId))
    .where(
      and(
        eq(tournamentTeams.tournamentId, tournament.id),
        isNull(tournamentTeams.withdrawnAt),
        tournament.checkInMinutes > 0 ? isNotNull(tournamentTeams.checkedInAt) : undefined,
      ),
    )
    .orderBy(desc(teams.rating), asc(tournamentTeams.signedUpAt), asc(tournamentTeams.id));
  if (tournament.seeding !== 'manual') return rows;
  const seeded = rows.filter((r) => r.seed !== null).sort((a, b) => (a.seed ?? 0) - (b.seed ?? 0));
  return [...seeded, ...rows.filter((r) => r.seed === null)];
}

/** Entries that did not check in: they are withdrawn when the bracket is drawn. */
export async function withdrawUncheckedEntries(tx: Tx, tournamentId: number, now: Date): Promise<void> {
  await tx
    .update(tournamentTeams)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(tournamentTeams.tournamentId, tournamentId),
        isNull(tournamentTeams.withdrawnAt),
        isNull(tournamentTeams.checkedInAt),
      ),
    );
}

/** Bracket refs that already have a match. */
export async function bracketRefs(tx: Tx, tournamentId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ ref: matches.bracketRef })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId));
  return new Set(rows.map((r) => r.ref).filter((r): r is string => r !== null));
}

export async function saveBracket(tx: Tx, id: number, bracket: StoredBracket): Promise<void> {
  await tx.update(tournaments).set({ bracket }).where(eq(tournaments.id, id));
}

export async function lockTournamentRow(tx: Tx, id: number): Promise<TournamentRow | null> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('no key update');
  return row ?? null;
}

export async function setSeed(tx: Tx, entryId: number, seed: number): Promise<void> {
  await tx.update(tournamentTeams).set({ seed }).where(eq(tournamentTeams.id, entryId));
}

export async function updateTournament(
  tx: Tx,
  id: number,
  values: Partial<Pick<TournamentRow, 'status' | 'startedAt' | 'finishedAt' | 'winnerTeamId'>>,
): Promise<void> {
  await tx.update(tournaments).set(values).where(eq(tournaments.id, id));
}

export async function setEliminated(tx: Tx, tournamentId: number, teamId: number, round: number | null) {
  await tx
    .update(tournamentTeams)
    .set({ eliminatedInRound: round })
    .where(and(eq(tournamentTeams.tournamentId, tournamentId), eq(tournamentTeams.teamId, teamId)));
}

export interface NewBracketMatch {
  tournament: TournamentRow;
  ref: string;
  round: number;
  position: number;
  bestOf: number;
  expectedStart: Date;
  now: Date;
}

/** A bracket match in status 3 without teams; `placeTeam` fills its sides. */
export async function insertBracketMatch(tx: Tx, m: NewBracketMatch): Promise<number> {
  const [row] = await tx
    .insert(matches)
    .values({
      type: 'tournament',
      statusId: STATUS.scheduled,
      gameId: m.tournament.gameId,
      tournamentId: m.tournament.id,
      tournamentRound: m.round,
      bracketRef: m.ref,
      bracketPosition: m.position,
      teamSize: m.tournament.teamSize,
      bestOf: m.bestOf,
      expectedStartDate: m.expectedStart,
      vetoFirstSide: 2,
      createdAt: m.now,
      updatedAt: m.now,
    })
    .returning({ id: matches.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function lockMatchRow(tx: Tx, matchId: number): Promise<MatchRow | null> {
  const [row] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
  return row ?? null;
}

/**
 * Puts a team on one side of a not-yet-started bracket match: the side's team and captain, and its default
 * lineup as the match's players (replacing whoever held the slot before, after a dispute changed a result).
 */
export async function placeTeam(tx: Tx, match: MatchRow, side: 1 | 2, teamId: number, now: Date) {
  const roster = await tx
    .select({ userId: teamMembers.userId, isCaptain: teamMembers.isCaptain })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  const captainId = roster.find((r) => r.isCaptain)?.userId ?? null;
  await tx.delete(matchPlayers).where(and(eq(matchPlayers.matchId, match.id), eq(matchPlayers.side, side)));
  const taken = await tx
    .select({ userId: matchPlayers.userId })
    .from(matchPlayers)
    .where(eq(matchPlayers.matchId, match.id));
  // The roster is the lineup by default when it has at most the team size; otherwise (or when a player of
  // it already plays for the other side) the captain chooses during the ready check (see lineup.ts).
  // A banned player is in no lineup by default either: the captain chooses, and a lineup naming them is refused.
  const banned = await bansInForce(
    tx,
    roster.map((r) => r.userId),
    now.getTime(),
  );
  const lineup = defaultLineup(
    roster.map((r) => r.userId),
    match.teamSize,
    [...taken.map((t) => t.userId), ...banned.keys()],
  );
  const players = roster.filter((r) => lineup.includes(r.userId));
  if (players.length > 0) {
    await tx
      .insert(matchPlayers)
      .values(
        players.map((r) => ({ matchId: match.id, userId: r.userId, side, teamId, isCaptain: r.isCaptain })),
      );
  }
  const values =
    side === 1
      ? { challengerTeamId: teamId, challengerCaptainId: captainId }
      : { opponentTeamId: teamId, opponentCaptainId: captainId };
  const [updated] = await tx
    .update(matches)
    .set({ ...values, version: sql`${matches.version} + 1`, updatedAt: now })
    .where(eq(matches.id, match.id))
    .returning();
  if (!updated) throw new Error(`match ${String(match.id)} vanished`);
  return updated;
}

/**
 * Gives a match whose two teams are known its start date: when planned, or now if that has passed. A round
 * with a scheduling window (docs/scheduling.md) gives none: the captains agree one, or the window's
 * deadline applies the admin's rule.
 */
export async function scheduleWhenReady(tx: Tx, match: MatchRow, now: Date): Promise<void> {
  if (match.challengerTeamId === null || match.opponentTeamId === null || match.startDate !== null) return;
  if (match.tournamentId !== null && match.tournamentRound !== null) {
    const [window] = await tx
      .select({ round: tournamentRoundWindows.round })
      .from(tournamentRoundWindows)
      .where(
        and(
          eq(tournamentRoundWindows.tournamentId, match.tournamentId),
          eq(tournamentRoundWindows.round, match.tournamentRound),
        ),
      );
    if (window) return;
  }
  const planned = match.expectedStartDate ?? now;
  await tx
    .update(matches)
    .set({ startDate: planned > now ? planned : now, version: sql`${matches.version} + 1`, updatedAt: now })
    .where(eq(matches.id, match.id));
}

/** Captains (or, with `everyone`, all members) of the teams. */
export async function membersOf(tx: Tx, teamIds: number[], everyone = false) {
  if (teamIds.length === 0) return [];
  return tx
    .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(inArray(teamMembers.teamId, teamIds), everyone ? undefined : eq(teamMembers.isCaptain, true)));
}

export async function tournamentById(tx: Tx, id: number): Promise<TournamentRow | null> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
  return row ?? null;
}

export async function teamName(tx: Tx, teamId: number): Promise<string> {
  const [row] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name ?? '';
}

import { STATUS } from '@versus/common/match/statuses';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ladderTeams, ladders, matches, matchPlayers, teamMembers, teams } from '../../db/schema/index.ts';
import type { LadderRow, TeamRow } from '../../db/schema/index.ts';

export async function findLadder(tx: Tx, ladderId: number): Promise<LadderRow | null> {
  const [row] = await tx.select().from(ladders).where(eq(ladders.id, ladderId));
  return row ?? null;
}

/** The teams of the ladder the user captains. */
export async function captainedLadderTeams(tx: Tx, ladderId: number, userId: number): Promise<TeamRow[]> {
  const rows = await tx
    .select({ team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(ladderTeams, and(eq(ladderTeams.teamId, teams.id), eq(ladderTeams.ladderId, ladderId)))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.isCaptain, true)));
  return rows.map((r) => r.team);
}

/** The team if it is on the ladder, locked so two challenges between the same teams queue up. */
export async function lockLadderTeam(tx: Tx, ladderId: number, teamId: number): Promise<TeamRow | null> {
  const [row] = await tx
    .select({ team: teams })
    .from(teams)
    .innerJoin(ladderTeams, and(eq(ladderTeams.teamId, teams.id), eq(ladderTeams.ladderId, ladderId)))
    .where(eq(teams.id, teamId))
    .for('update', { of: teams });
  return row?.team ?? null;
}

export async function teamRoster(tx: Tx, teamId: number) {
  return tx
    .select({ userId: teamMembers.userId, isCaptain: teamMembers.isCaptain })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
}

/** A match between the two teams on this ladder that is still waiting (challenge or scheduled). */
export async function openChallengeBetween(
  tx: Tx,
  ladderId: number,
  a: number,
  b: number,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        eq(matches.ladderId, ladderId),
        inArray(matches.statusId, [STATUS.challenge, STATUS.scheduled]),
        or(
          and(eq(matches.challengerTeamId, a), eq(matches.opponentTeamId, b)),
          and(eq(matches.challengerTeamId, b), eq(matches.opponentTeamId, a)),
        ),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export interface NewTeamMatch {
  type: 'ladder' | 'tournament';
  gameId: number;
  ladderId?: number;
  tournamentId?: number;
  teamSize: number;
  bestOf: 1 | 3 | 5;
  startDate: Date | null;
  statusId: typeof STATUS.challenge | typeof STATUS.scheduled;
  challenger: { teamId: number; captainId: number | null; memberIds: number[] };
  opponent: { teamId: number; captainId: number | null; memberIds: number[] };
  now: Date;
}

/** Inserts a team match with both rosters as its players. */
export async function insertTeamMatch(tx: Tx, values: NewTeamMatch): Promise<number> {
  const [row] = await tx
    .insert(matches)
    .values({
      type: values.type,
      statusId: values.statusId,
      gameId: values.gameId,
      ladderId: values.ladderId ?? null,
      tournamentId: values.tournamentId ?? null,
      challengerTeamId: values.challenger.teamId,
      opponentTeamId: values.opponent.teamId,
      challengerCaptainId: values.challenger.captainId,
      opponentCaptainId: values.opponent.captainId,
      teamSize: values.teamSize,
      bestOf: values.bestOf,
      startDate: values.startDate,
      vetoFirstSide: 2,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: matches.id });
  if (!row) throw new Error('insert returned no row');
  const players = [
    ...values.challenger.memberIds.map((userId) => ({
      matchId: row.id,
      userId,
      side: 1,
      teamId: values.challenger.teamId,
      isCaptain: userId === values.challenger.captainId,
    })),
    ...values.opponent.memberIds.map((userId) => ({
      matchId: row.id,
      userId,
      side: 2,
      teamId: values.opponent.teamId,
      isCaptain: userId === values.opponent.captainId,
    })),
  ];
  if (players.length > 0) await tx.insert(matchPlayers).values(players);
  return row.id;
}

import type { Tx } from '../client.ts';
import { asc } from 'drizzle-orm';
import {
  ladderTeams,
  ladders,
  locations,
  soloQueues,
  tournamentTeams,
  tournaments,
} from '../schema/index.ts';
import { skillForRating } from '@versus/common/match/skill';
import { DEMO_RATING_START, DEMO_TEAMS } from './demo-data.ts';
import { createMapPool } from './seed-catalog.ts';

const DAY_MS = 86_400_000;

interface CompetitionInput {
  gameId: number;
  mapIds: Map<string, number>;
  teamIds: Map<string, number>;
  now: Date;
}

function ratedTeams(
  teamIds: Map<string, number>,
): Array<{ teamId: number; rating: number; mu: number; sigma: number }> {
  return DEMO_TEAMS.flatMap((t) => {
    const teamId = teamIds.get(t.slug);
    return teamId === undefined
      ? []
      : [{ teamId, rating: t.rating, ...skillForRating(t.rating, DEMO_RATING_START) }];
  });
}

/**
 * The demo ladder and tournament play at the first demo location (`fixed`), so a challenge goes straight
 * to the veto as before; the solo-queue votes. An admin switches a competition to `vote` in /admin.
 */
async function fixedAtFirstLocation(tx: Tx) {
  const [first] = await tx.select({ id: locations.id }).from(locations).orderBy(asc(locations.id)).limit(1);
  return first ? { locationRule: 'fixed', fixedLocationId: first.id } : {};
}

/** One 5v5 ladder with all four teams in its standings. */
export async function seedLadder(tx: Tx, input: CompetitionInput): Promise<void> {
  const mapPoolId = await createMapPool(tx, input.gameId, '5v5 Ladder pool', input.mapIds);
  const [ladder] = await tx
    .insert(ladders)
    .values({
      gameId: input.gameId,
      mapPoolId,
      name: '5v5 Search & Destroy Ladder',
      slug: 'cod4-5v5-ladder',
      description: 'Challenge any team on the ladder, any time. Best of 1, 3 or 5.',
      teamSize: 5,
      ...(await fixedAtFirstLocation(tx)),
    })
    .onConflictDoNothing()
    .returning({ id: ladders.id });
  if (!ladder) return;
  const entries = ratedTeams(input.teamIds).map((t) => ({ ladderId: ladder.id, ...t }));
  if (entries.length > 0) await tx.insert(ladderTeams).values(entries).onConflictDoNothing();
}

/** One upcoming tournament a week away (sign-up closes a day before), with the four teams signed up. */
export async function seedTournament(tx: Tx, input: CompetitionInput): Promise<void> {
  const mapPoolId = await createMapPool(tx, input.gameId, 'Versus Cup pool', input.mapIds);
  const start = new Date(input.now.getTime() + 7 * DAY_MS);
  const [tournament] = await tx
    .insert(tournaments)
    .values({
      gameId: input.gameId,
      mapPoolId,
      name: 'Versus Cup #1',
      slug: 'versus-cup-1',
      description: 'Single elimination. Best of 1, final best of 3.',
      teamSize: 5,
      ...(await fixedAtFirstLocation(tx)),
      maxTeams: 8,
      signupDeadline: new Date(start.getTime() - DAY_MS),
      startDate: start,
      status: 'upcoming',
      bestOf: 1,
      finalBestOf: 3,
      readyCheckMinutes: 10,
    })
    .onConflictDoNothing()
    .returning({ id: tournaments.id });
  if (!tournament) return;
  const entries = ratedTeams(input.teamIds).map(({ teamId }) => ({ tournamentId: tournament.id, teamId }));
  if (entries.length > 0) await tx.insert(tournamentTeams).values(entries).onConflictDoNothing();
}

/** One 5v5 solo-queue. */
export async function seedSoloQueue(tx: Tx, input: CompetitionInput): Promise<void> {
  const mapPoolId = await createMapPool(tx, input.gameId, '5v5 Solo-queue pool', input.mapIds);
  await tx
    .insert(soloQueues)
    .values({
      gameId: input.gameId,
      mapPoolId,
      name: '5v5 Solo Queue',
      slug: 'cod4-5v5-solo-queue',
      teamSize: 5,
    })
    .onConflictDoNothing();
}

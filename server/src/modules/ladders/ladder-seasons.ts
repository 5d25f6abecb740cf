// Ladder seasons (docs/competitions.md): numbered seasons with start and end dates, final standings per
// season, and a soft reset of every ladder rating when a new season opens. `rollLadderSeasons` is a step of
// the deadline sweeper: each due season is claimed with `FOR UPDATE SKIP LOCKED` (one instance does it) and
// rolled in one transaction that also locks its ladder's standings rows.
import type { LadderSeason, SeasonStanding } from '@versus/common/api/ladders';
import { SKILL_MODEL } from '@versus/common/match/skill';
import type { AdminSeason, createSeasonBody } from '@versus/common/api/admin';
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { ladderSeasons, ladderSeasonStandings, ladders, ladderTeams, teams } from '../../db/schema/index.ts';
import type { LadderSeasonRow } from '../../db/schema/index.ts';
import type { AppContext } from '../../core/app-context.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { pagesChanged } from '../../core/page-cache.ts';

type Queryable = Db | Tx;

export const SEASON_TEXTS = {
  ladderNotFound: 'Ladder not found.',
  seasonNotFound: 'Season not found.',
  startsBeforePrevious: 'A season must start after the previous season of the ladder.',
} as const;

/** A new season's rating: halfway from the old season's back to the start rating. */
export function softReset(rating: number, start: number): number {
  return start + Math.round((rating - start) / 2);
}

export function seasonStatus(s: LadderSeasonRow): LadderSeason['status'] {
  if (s.startedAt === null) return 'upcoming';
  return s.closedAt === null ? 'current' : 'finished';
}

export function presentSeason(s: LadderSeasonRow): LadderSeason {
  return {
    number: s.number,
    name: s.name,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt?.toISOString() ?? null,
    status: seasonStatus(s),
  };
}

function presentAdminSeason(s: LadderSeasonRow): AdminSeason {
  return {
    id: s.id,
    ladderId: s.ladderId,
    number: s.number,
    name: s.name,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt?.toISOString() ?? null,
    startedAt: s.startedAt?.toISOString() ?? null,
    closedAt: s.closedAt?.toISOString() ?? null,
  };
}

export async function seasonsOf(db: Queryable, ladderId: number): Promise<LadderSeasonRow[]> {
  return db
    .select()
    .from(ladderSeasons)
    .where(eq(ladderSeasons.ladderId, ladderId))
    .orderBy(asc(ladderSeasons.number));
}

export async function listAdminSeasons(db: Db, ladderId: number) {
  const [ladder] = await db.select({ id: ladders.id }).from(ladders).where(eq(ladders.id, ladderId));
  if (!ladder) throw new NotFoundError(SEASON_TEXTS.ladderNotFound);
  return { data: (await seasonsOf(db, ladderId)).map(presentAdminSeason) };
}

/** Adds the ladder's next season; it must start after the one before it. */
export async function createSeason(db: Db, ladderId: number, body: z.output<typeof createSeasonBody>) {
  return db.transaction(async (tx) => {
    const [ladder] = await tx.select().from(ladders).where(eq(ladders.id, ladderId)).for('update');
    if (!ladder) throw new NotFoundError(SEASON_TEXTS.ladderNotFound);
    const [last] = await tx
      .select()
      .from(ladderSeasons)
      .where(eq(ladderSeasons.ladderId, ladderId))
      .orderBy(desc(ladderSeasons.number))
      .limit(1);
    const startsAt = new Date(body.startsAt);
    if (last && startsAt <= last.startsAt)
      throw new ValidationError({ startsAt: [SEASON_TEXTS.startsBeforePrevious] });
    const [row] = await tx
      .insert(ladderSeasons)
      .values({
        ladderId,
        number: (last?.number ?? 0) + 1,
        name: body.name,
        startsAt,
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return { data: presentAdminSeason(row) };
  });
}

/** Keeps the ladder's standings as the season's final table and closes it. */
async function closeSeason(tx: Tx, season: LadderSeasonRow, now: Date): Promise<void> {
  const rows = await tx
    .select()
    .from(ladderTeams)
    .where(eq(ladderTeams.ladderId, season.ladderId))
    .orderBy(desc(ladderTeams.rating), desc(ladderTeams.wins), asc(ladderTeams.joinedAt))
    .for('update');
  if (rows.length > 0) {
    await tx
      .insert(ladderSeasonStandings)
      .values(
        rows.map((r, i) => ({
          seasonId: season.id,
          teamId: r.teamId,
          rank: i + 1,
          rating: r.rating,
          wins: r.wins,
          losses: r.losses,
          draws: r.draws,
        })),
      )
      .onConflictDoNothing();
  }
  await tx.update(ladderSeasons).set({ closedAt: now }).where(eq(ladderSeasons.id, season.id));
}

/** A running season whose end has come (the sweeper's probe uses the same condition). */
export function seasonEndDue(at: Date) {
  return and(
    isNotNull(ladderSeasons.startedAt),
    isNull(ladderSeasons.closedAt),
    lte(ladderSeasons.endsAt, at),
  );
}

/** A season not started whose start has come (the sweeper's probe uses the same condition). */
export function seasonStartDue(at: Date) {
  return and(isNull(ladderSeasons.startedAt), lte(ladderSeasons.startsAt, at));
}

/**
 * Sweeper step: closes seasons whose end has come, and opens seasons whose start has come (closing the
 * season before, then resetting every rating of the ladder halfway to `ratingStart` and the counters to 0).
 * Returns how many seasons changed.
 */
export async function rollLadderSeasons(ctx: AppContext, now: number): Promise<number> {
  const at = new Date(now);
  let changed = 0;
  for (let guard = 0; guard < 100; guard++) {
    const done = await ctx.db.transaction(async (tx) => {
      const [ending] = await tx
        .select()
        .from(ladderSeasons)
        .where(seasonEndDue(at))
        .orderBy(asc(ladderSeasons.endsAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (ending) {
        await closeSeason(tx, ending, at);
        return true;
      }
      const [opening] = await tx
        .select()
        .from(ladderSeasons)
        .where(seasonStartDue(at))
        .orderBy(asc(ladderSeasons.startsAt), asc(ladderSeasons.number))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!opening) return false;
      const [previous] = await tx
        .select()
        .from(ladderSeasons)
        .where(
          and(
            eq(ladderSeasons.ladderId, opening.ladderId),
            isNotNull(ladderSeasons.startedAt),
            isNull(ladderSeasons.closedAt),
          ),
        )
        .for('update');
      if (previous) await closeSeason(tx, previous, at);
      const start = ctx.config.ratings.start;
      await tx
        .update(ladderTeams)
        .set({
          rating: sql`${start} + round((${ladderTeams.rating} - ${start})::numeric / 2)::int`,
          // The rating model's belief goes halfway back to a newcomer's too (μ and σ), so the displayed
          // rating, linear in μ − 3σ, stays halfway and the standing is less certain again.
          mu: sql`(${ladderTeams.mu} + ${SKILL_MODEL.mu}) / 2`,
          sigma: sql`(${ladderTeams.sigma} + ${SKILL_MODEL.sigma}) / 2`,
          wins: 0,
          losses: 0,
          draws: 0,
        })
        .where(eq(ladderTeams.ladderId, opening.ladderId));
      await tx.update(ladderSeasons).set({ startedAt: at }).where(eq(ladderSeasons.id, opening.id));
      return true;
    });
    if (!done) return changed;
    await pagesChanged(ctx);
    changed += 1;
  }
  return changed;
}

/** A season's final table (empty while it is upcoming or current). */
export async function seasonStandings(db: Queryable, ladderId: number, number: number) {
  const [season] = await db
    .select()
    .from(ladderSeasons)
    .where(and(eq(ladderSeasons.ladderId, ladderId), eq(ladderSeasons.number, number)));
  if (!season) throw new NotFoundError(SEASON_TEXTS.seasonNotFound);
  const rows = await db
    .select({
      row: ladderSeasonStandings,
      team: { id: teams.id, name: teams.name, tag: teams.tag, slug: teams.slug, image: teams.image },
    })
    .from(ladderSeasonStandings)
    .innerJoin(teams, eq(teams.id, ladderSeasonStandings.teamId))
    .where(eq(ladderSeasonStandings.seasonId, season.id))
    .orderBy(asc(ladderSeasonStandings.rank));
  const standings: SeasonStanding[] = rows.map(({ row, team }) => ({
    rank: row.rank,
    team: { ...team, url: `/team/${team.slug}` },
    rating: row.rating,
    wins: row.wins,
    losses: row.losses,
    draws: row.draws,
  }));
  return { data: { season: presentSeason(season), standings } };
}

// Tournament round windows (docs/scheduling.md): an admin sets, per round, when its matches' times may fall
// and what the deadline does to a match with no agreed time; the sweeper applies that rule through the match
// runner (the match row lock, `decide`, commit, publish) like every other deadline.
import type { RoundWindowView } from '@versus/common/api/schedule';
import type { ScheduleFallback } from '@versus/common/match/state';
import { STATUS } from '@versus/common/match/statuses';
import { and, asc, eq, isNotNull, isNull, lte, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import { matches, tournamentRoundWindows, tournaments } from '../../db/schema/index.ts';
import type { TournamentRoundWindowRow } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { applyInTransaction, publishOutcome } from '../matches/index.ts';

export const ROUND_WINDOW_TEXTS = {
  tournamentNotFound: 'Tournament not found.',
  windowNotFound: 'Round window not found.',
  tournamentOver: 'This tournament is finished or cancelled: its rounds can no longer change.',
  saved: 'The round window was saved.',
  removed: 'The round window was removed.',
} as const;

function present(row: TournamentRoundWindowRow): RoundWindowView {
  return {
    round: row.round,
    opensAt: row.opensAt.toISOString(),
    deadline: row.deadline.toISOString(),
    fallback: row.fallback === 'default_time' ? 'default_time' : 'forfeit',
    defaultTime: row.defaultTime?.toISOString() ?? null,
  };
}

async function openTournament(db: Db, id: number) {
  const [t] = await db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id));
  if (!t) throw new NotFoundError(ROUND_WINDOW_TEXTS.tournamentNotFound);
  return t;
}

export async function listRoundWindows(db: Db, tournamentId: number) {
  await openTournament(db, tournamentId);
  const rows = await db
    .select()
    .from(tournamentRoundWindows)
    .where(eq(tournamentRoundWindows.tournamentId, tournamentId))
    .orderBy(asc(tournamentRoundWindows.round));
  return { data: rows.map(present) };
}

export interface RoundWindowValues {
  opensAt: string;
  deadline: string;
  fallback: 'default_time' | 'forfeit';
  defaultTime?: string | null | undefined;
}

/** Sets (or replaces) a round's window; matches of the round already given a start keep it. */
export async function setRoundWindow(db: Db, tournamentId: number, round: number, body: RoundWindowValues) {
  const t = await openTournament(db, tournamentId);
  if (t.status === 'finished' || t.status === 'cancelled') {
    throw new ConflictError(ROUND_WINDOW_TEXTS.tournamentOver);
  }
  const values = {
    opensAt: new Date(body.opensAt),
    deadline: new Date(body.deadline),
    fallback: body.fallback,
    defaultTime: body.fallback === 'default_time' && body.defaultTime ? new Date(body.defaultTime) : null,
  };
  const [row] = await db
    .insert(tournamentRoundWindows)
    .values({ tournamentId, round, ...values })
    .onConflictDoUpdate({
      target: [tournamentRoundWindows.tournamentId, tournamentRoundWindows.round],
      set: values,
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return { message: ROUND_WINDOW_TEXTS.saved, data: present(row) };
}

export async function removeRoundWindow(db: Db, tournamentId: number, round: number) {
  await openTournament(db, tournamentId);
  const removed = await db
    .delete(tournamentRoundWindows)
    .where(
      and(eq(tournamentRoundWindows.tournamentId, tournamentId), eq(tournamentRoundWindows.round, round)),
    )
    .returning();
  if (removed.length === 0) throw new NotFoundError(ROUND_WINDOW_TEXTS.windowNotFound);
  return { message: ROUND_WINDOW_TEXTS.removed };
}

/** A match's round window: joins `tournament_round_windows` to `matches` (its tournament and round). */
export const roundWindowOfMatch = and(
  eq(tournamentRoundWindows.tournamentId, matches.tournamentId),
  eq(tournamentRoundWindows.round, matches.tournamentRound),
)!;

/**
 * A tournament match whose round window has closed with no agreed time (both teams known), over `matches`
 * joined to its window by `roundWindowOfMatch`; the sweeper's probe uses the same condition.
 */
export function roundWindowDue(now: Date) {
  return and(
    eq(matches.statusId, STATUS.scheduled),
    isNull(matches.startDate),
    isNotNull(matches.challengerTeamId),
    isNotNull(matches.opponentTeamId),
    lte(tournamentRoundWindows.deadline, now),
  );
}

/**
 * Sweeper step: every tournament match still waiting in 3 with no start time whose round window's deadline
 * has passed gets the window's rule, one match at a time under its row lock (`FOR UPDATE SKIP LOCKED`, so a
 * captain's click or another instance holding it makes this pass skip it). Returns how many were changed.
 */
export async function applyRoundWindowDeadlines(ctx: AppContext, now: number): Promise<number> {
  const skip: number[] = [];
  let applied = 0;
  for (;;) {
    let claimed: number | null = null;
    try {
      const outcome = await ctx.db.transaction(async (tx) => {
        const [due] = await tx
          .select({
            id: matches.id,
            fallback: tournamentRoundWindows.fallback,
            defaultTime: tournamentRoundWindows.defaultTime,
          })
          .from(matches)
          .innerJoin(tournamentRoundWindows, roundWindowOfMatch)
          .where(
            and(roundWindowDue(new Date(now)), skip.length > 0 ? notInArray(matches.id, skip) : undefined),
          )
          .orderBy(asc(tournamentRoundWindows.deadline), asc(matches.id))
          .limit(1)
          .for('update', { of: matches, skipLocked: true });
        if (!due) return null;
        claimed = due.id;
        const fallback: ScheduleFallback =
          due.fallback === 'default_time' && due.defaultTime
            ? { kind: 'default_time', at: due.defaultTime.getTime() }
            : { kind: 'forfeit' };
        const result = await applyInTransaction(
          ctx,
          tx,
          due.id,
          { type: 'schedule.deadline', fallback },
          now,
        );
        return { id: due.id, outcome: result.ok ? result.outcome : null };
      });
      if (outcome === null) break;
      if (outcome.outcome) {
        applied += 1;
        await publishOutcome(outcome.outcome);
      } else {
        skip.push(outcome.id);
      }
    } catch (err) {
      if (claimed === null) throw err;
      ctx.log.error({ err, matchId: claimed }, 'sweeper: applying a round window deadline failed');
      skip.push(claimed);
    }
  }
  return applied;
}

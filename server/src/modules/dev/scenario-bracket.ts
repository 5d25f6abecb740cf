// The bracket of `tournament-score-entered`: a fresh single-elimination copy of the demo tournament with its
// teams (four in the demo world), drawn as the sweeper draws it at the start, so the first semi-final's
// winner has a final to go to.
import crypto from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import { matches, tournaments, tournamentTeams } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { generateBracket } from '../tournaments/index.ts';
import { sendRecorded } from '../webhooks/index.ts';

/** Draws a new tournament's bracket now; answers its first match of round 1. */
export async function stageBracketMatch(ctx: AppContext, now: number): Promise<number> {
  const [cup] = await ctx.db.select().from(tournaments).orderBy(asc(tournaments.id)).limit(1);
  if (!cup) throw new NotFoundError('The demo world is not seeded (no tournament).');
  const entries = await ctx.db
    .select({ teamId: tournamentTeams.teamId })
    .from(tournamentTeams)
    .where(and(eq(tournamentTeams.tournamentId, cup.id), isNull(tournamentTeams.withdrawnAt)));
  if (entries.length < 3) {
    throw new NotFoundError('The demo tournament needs three teams or more for a bracket with a next round.');
  }
  const at = new Date(now);
  const tag = crypto.randomBytes(3).toString('hex');
  const staged = await ctx.db.transaction(async (tx) => {
    const { id: _id, createdAt: _createdAt, ...settings } = cup;
    const [copy] = await tx
      .insert(tournaments)
      .values({
        ...settings,
        name: `${cup.name} (staged ${tag})`,
        slug: `${cup.slug}-staged-${tag}`,
        format: 'single_elimination',
        checkInMinutes: 0,
        status: 'upcoming',
        startDate: at,
        signupDeadline: at,
        bracket: null,
        winnerTeamId: null,
        startedAt: null,
        finishedAt: null,
        archivedAt: null,
      })
      .returning();
    if (!copy) throw new Error('the staged tournament was not stored');
    await tx
      .insert(tournamentTeams)
      .values(entries.map((e) => ({ tournamentId: copy.id, teamId: e.teamId })));
    const { hooks } = await generateBracket(ctx, tx, copy, now);
    const [first] = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.tournamentId, copy.id), eq(matches.tournamentRound, 1)))
      .orderBy(asc(matches.id))
      .limit(1);
    if (!first) throw new Error('the staged bracket has no first-round match');
    return { id: first.id, hooks };
  });
  await sendRecorded(ctx, staged.hooks);
  return staged.id;
}

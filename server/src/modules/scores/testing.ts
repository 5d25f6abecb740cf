// The scores module's test front door: helpers of the score, rating, dispute and sub API tests.
import { matchDetailAnswer } from '@versus/common/api/matches';
import { scoreFormAnswer, type ScoreForm } from '@versus/common/api/scores';
import type { StatusId } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ladderTeams, teams, users } from '../../db/schema/index.ts';
import { stageScenario } from '../dev/index.ts';
import type { ScenarioName } from '../dev/index.ts';
import { expectAnswer, type TestClient } from '../../test/index.ts';

export async function stage(app: FastifyInstance, name: ScenarioName): Promise<number> {
  return (await stageScenario(app.ctx, name)).matchId;
}

/** The Submit Score form a client sees (200 required). */
export async function scoreForm(client: TestClient, matchId: number): Promise<ScoreForm> {
  const res = await client.get(`/api/v1/match-detail/score/form/${String(matchId)}`);
  return expectAnswer(res, scoreFormAnswer).data;
}

/** Posts a BO1 score (challenger rounds, opponent rounds) for the match's one played map. */
export async function postScore(
  client: TestClient,
  matchId: number,
  first: unknown,
  second: unknown,
  mapRowId?: number,
) {
  const id = mapRowId ?? (await scoreForm(client, matchId)).enteredScores[0]?.id ?? 0;
  return client.post(`/api/v1/match-detail/score/form/${String(matchId)}`, {
    scores: [{ id, firstScore: first, secondScore: second }],
  });
}

export function approve(client: TestClient, matchId: number, value: unknown) {
  return client.post(`/api/v1/match-detail/score/form/${String(matchId)}/approve`, { approve: value });
}

export async function statusOf(client: TestClient, matchId: number): Promise<StatusId> {
  const res = await client.get(`/api/v1/match-detail/${String(matchId)}`);
  return expectAnswer(res, matchDetailAnswer).data.statusId;
}

/** A team's rating and its ladder standing. */
export async function teamRatings(app: FastifyInstance, slug: string) {
  const [row] = await app.db
    .select({
      rating: teams.rating,
      ladder: ladderTeams.rating,
      wins: ladderTeams.wins,
      losses: ladderTeams.losses,
    })
    .from(teams)
    .innerJoin(ladderTeams, eq(ladderTeams.teamId, teams.id))
    .where(eq(teams.slug, slug));
  if (!row) throw new Error(`no team ${slug}`);
  return row;
}

export async function eloOf(app: FastifyInstance, userId: number): Promise<number> {
  const [row] = await app.db.select({ elo: users.elo }).from(users).where(eq(users.id, userId));
  return row?.elo ?? NaN;
}

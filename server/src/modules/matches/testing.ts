// The match room's test front door: helpers of the score, rating, dispute and sub API tests (stage a
// scenario, post a score or a server log, read a status or a rating).
import { matchDetailAnswer } from '@versus/common/api/matches';
import { scoreFormAnswer, type ScoreForm } from '@versus/common/api/scores';
import type { StatusId } from '@versus/common/match/statuses';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { gameServers, ladderTeams, teams, users } from '../../db/schema/index.ts';
import { stageScenario } from '../dev/index.ts';
import type { ScenarioName } from '../dev/index.ts';
import { loadMatch } from './core/match.repository.ts';
import { mintGameServerToken } from '../match-log/index.ts';
import { generateMatchLog, matchMapsWithNames } from '../statistics/index.ts';
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

/**
 * The match's game server posts its log through `POST /api/v1/game-server-log/{matchId}` (its own token):
 * a generated log of the first played map ending `challengerRounds`-`opponentRounds`, or, with
 * `cutAfterRounds`, only its first rounds (the map still in play). In-game names are the usernames, so the
 * log's rounds are credited to the match's sides. Returns the log's score of the map as posted.
 */
export async function postServerLog(
  app: FastifyInstance,
  matchId: number,
  options: { challengerRounds: number; opponentRounds: number; cutAfterRounds?: number; batch?: string },
): Promise<{ mapName: string; firstScore: number; secondScore: number }> {
  const [server] = await app.db.select().from(gameServers).where(eq(gameServers.matchId, matchId));
  if (!server) throw new Error(`match ${String(matchId)} has no game server`);
  const token = await mintGameServerToken(app.db, server.id);
  const record = await loadMatch(app.db, matchId, { lock: false });
  const [map] = (await matchMapsWithNames(app.db, matchId)).filter((m) => m.mapOrder !== null);
  if (!record || !map) throw new Error(`match ${String(matchId)} has no played map`);
  const side = (s: 1 | 2) =>
    record.state.players
      .filter((p) => p.side === s)
      .map((p) => ({ guid: `guid${String(p.userId).padStart(28, '0')}`, name: p.username }));
  const log = generateMatchLog({
    seed: matchId,
    challenger: side(1),
    opponent: side(2),
    maps: [{ nameCmd: map.nameCmd, ...options }],
  });
  let lines = log.lines;
  if (options.cutAfterRounds !== undefined) {
    const ends = lines.flatMap((l, i) => (/ RW;/.test(l) ? [i] : []));
    lines = lines.slice(0, (ends[options.cutAfterRounds - 1] ?? lines.length - 1) + 1);
  }
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/game-server-log/${String(matchId)}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { batchId: options.batch ?? `log-${String(lines.length)}`, lines },
  });
  if (res.statusCode !== 200) throw new Error(`log refused: ${res.statusCode} ${res.body}`);
  const [row] = (await matchMapsWithNames(app.db, matchId)).filter((m) => m.id === map.id);
  return { mapName: map.name, firstScore: row?.logFirstScore ?? -1, secondScore: row?.logSecondScore ?? -1 };
}

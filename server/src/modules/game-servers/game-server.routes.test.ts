import { gameServerStatusSchema } from '@versus/common/api/game-servers';
import { matchServerAnswer } from '@versus/common/api/matches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { locations, matches } from '../../db/schema/index.ts';
import { stageScenario } from '../dev/index.ts';
import { gameServerForToken } from '../match-log/index.ts';
import { gameServersOf } from './game-server.registry.ts';
import type { SimulatedGameServerProvider } from './simulated.provider.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, TestClient } from '../../test/index.ts';
import { STATUS } from '@versus/common/match/statuses';

describe('game server of a match, measured over real UDP', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No read cache: the first test sets a match's location by hand.
    t = await buildTestApp({ env: { SIMULATED_SERVER_STARTUP_MS: '5000', MATCH_READ_CACHE_TTL_MS: '0' } });
  });
  afterAll(async () => {
    await t.close();
  });
  const simulated = () => gameServersOf(t.app.ctx).provider as SimulatedGameServerProvider;

  it('shows the connection string to players only, and reports STARTING, ONLINE, OFFLINE', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'in-progress');
    // A ladder match has no vote: its location is the one of the server it got (none for a simulated one),
    // here set by hand.
    const [frankfurt] = await t.app.db.select().from(locations).where(eq(locations.city, 'Frankfurt'));
    await t.app.db
      .update(matches)
      .set({ locationId: frankfurt?.id ?? 0, version: sql`${matches.version} + 1` })
      .where(eq(matches.id, matchId));
    const player = await signIn(t.app, 'player2');
    const stranger = await signIn(t.app, 'player11');
    const mine = expectAnswer(
      await player.get(`/api/v1/match/${String(matchId)}/server`),
      matchServerAnswer,
    ).data;
    expect(mine).toMatchObject({ serverAvailable: true, canSeeServer: true, matchState: STATUS.inProgress });
    expect(mine.connectionString).toMatch(/^connect 127\.0\.0\.1:\d+; password [0-9a-f]+$/);
    // The connect block's location: flag, city and country of the chosen location.
    expect(mine).toMatchObject({ locationIcon: 'de', locationCity: 'Frankfurt', locationCountry: 'Germany' });
    const theirs = expectAnswer(
      await stranger.get(`/api/v1/match/${String(matchId)}/server`),
      matchServerAnswer,
    ).data;
    expect(theirs).toMatchObject({
      canSeeServer: false,
      connectionString: null,
      gameServerUuid: mine.gameServerUuid,
    });
    const anonymous = await new TestClient(t.app).get(`/api/v1/match/${String(matchId)}/server`);
    expect(expectAnswer(anonymous, matchServerAnswer).data.connectionString).toBeNull();

    const statusUrl = `/api/v1/game-server/${String(mine.gameServerUuid)}/status`;
    expect((await player.get(statusUrl)).body).toMatchObject({
      status: 'STARTING',
      players: 0,
      maxPlayers: 10,
    });
    t.clock.advance(5_000);
    const online = expectAnswer(await player.get(statusUrl), gameServerStatusSchema);
    expect(online).toMatchObject({ status: 'ONLINE', players: 10, maxPlayers: 10 });
    expect(online.map).toMatch(/^mp_/);

    // The server was handed its log token at provisioning; the database holds only the hash.
    const port = Number(/:(\d+);/.exec(mine.connectionString ?? '')?.[1]);
    const token = simulated().logTokenOf(port);
    expect(token).toMatch(/^gs_\d+_/);
    const server = await gameServerForToken(t.app.db, matchId, token ?? '');
    expect(server?.uuid).toBe(mine.gameServerUuid);
    expect(server?.tokenHash).not.toContain(token);

    // The server dies (no answer) after its startup period: OFFLINE.
    await gameServersOf(t.app.ctx).provider.destroy({ host: '127.0.0.1', port });
    expect((await player.get(statusUrl)).body).toMatchObject({ status: 'OFFLINE' });
    expect((await player.get('/api/v1/game-server/00000000-0000-0000-0000-000000000000/status')).status).toBe(
      404,
    );
    expect((await player.get('/api/v1/game-server/nope/status')).status).toBe(404);
  });

  it('resumes the simulated servers of matches in play when the app starts again', async () => {
    const database = t.database;
    const { matchId } = await stageScenario(t.app.ctx, 'in-progress');
    const player = await signIn(t.app, 'player2');
    const info = expectAnswer(
      await player.get(`/api/v1/match/${String(matchId)}/server`),
      matchServerAnswer,
    ).data;
    await t.closeApp();
    const again = await buildTestApp({
      database,
      clock: t.clock,
      env: { SIMULATED_SERVER_STARTUP_MS: '0' },
    });
    t = again;
    const client = await signIn(again.app, 'player2');
    const status = await client.get(`/api/v1/game-server/${String(info.gameServerUuid)}/status`);
    expect(status.body).toMatchObject({ status: 'ONLINE' });
    // The resumed server got a fresh log token (the old plaintext died with the old process).
    const port = Number(/:(\d+);/.exec(info.connectionString ?? '')?.[1]);
    const token = simulated().logTokenOf(port);
    expect(await gameServerForToken(again.app.db, matchId, token ?? '')).not.toBeNull();
  });
});

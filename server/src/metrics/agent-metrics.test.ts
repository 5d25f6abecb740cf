// The metrics of a game server's side: uploads of its agent, rcon commands sent to it, its log agent's lag.
import { STATUS } from '@versus/common/match/statuses';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameServerHosts } from '../db/schema/index.ts';
import { cod4DemoBytes } from '../emulator/emulator-media.ts';
import { allocateTestHost, insertTestHost, POOL_ENV } from '../modules/game-servers/testing.ts';
import { createMatchFixture, type MatchFixture } from '../modules/statistics/testing.ts';
import { buildTestApp, signIn, type TestApp } from '../test/index.ts';

const TOKEN = 'agent-metrics-token';
let t: TestApp;
let fixture: MatchFixture;
let agentToken: string;
let hostId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { ...POOL_ENV, METRICS_TOKEN: TOKEN, GAME_SERVER_RCON_TIMEOUT_MS: '200' } });
  fixture = await createMatchFixture(t.app, { statusId: STATUS.inProgress });
  // Nothing listens on this port: every rcon command to it fails.
  const host = await insertTestHost(t.app.db, { name: 'metrics-box', port: 31077 });
  await allocateTestHost(t.app.db, host.hostId, fixture.gameServerId, fixture.matchId);
  agentToken = host.agentToken;
  hostId = host.hostId;
});
afterAll(async () => {
  await t.close();
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** The agent's upload of one file in one chunk: the last answer. */
async function upload(bytes: Buffer, fileName: string, sha256: string) {
  const auth = { authorization: `Bearer ${agentToken}` };
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/v1/game-server-agent/uploads',
    headers: auth,
    payload: { kind: 'demo', fileName, size: bytes.length, sha256, map: 'mp_crash' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { id } = started.json<{ data: { id: string } }>().data;
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/game-server-agent/uploads/${id}`,
    headers: {
      ...auth,
      'content-type': 'application/octet-stream',
      'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}`,
    },
    payload: bytes,
  });
}

describe('game server metrics', () => {
  it('counts stored and refused demo uploads and the bytes stored', async () => {
    const before = await scrape();
    const good = cod4DemoBytes('metrics');
    const stored = await upload(
      good,
      'demo_metrics_0001.dm_1',
      crypto.createHash('sha256').update(good).digest('hex'),
    );
    expect(stored.statusCode, stored.body).toBe(200);
    const bad = cod4DemoBytes('refused');
    const refused = await upload(bad, 'demo_metrics_0002.dm_1', '0'.repeat(64));
    expect(refused.statusCode).toBe(422);

    const after = await scrape();
    const uploads = 'versus_media_uploads_total';
    expect(sample(after, uploads, 'outcome="stored"') - sample(before, uploads, 'outcome="stored"')).toBe(1);
    expect(sample(after, uploads, 'outcome="refused"') - sample(before, uploads, 'outcome="refused"')).toBe(
      1,
    );
    const bytes = 'versus_media_upload_bytes_total';
    expect(sample(after, bytes, 'kind="demo"') - sample(before, bytes, 'kind="demo"')).toBe(good.length);
  });

  it('times rcon commands per game server and counts those that failed', async () => {
    const server = 'server="127.0.0.1:31077"';
    const before = sample(await scrape(), 'versus_rcon_failures_total', server);
    const admin = await signIn(t.app, 'admin');
    // Asking the match's server for screenshots goes out over rcon.
    const res = await admin.post(`/api/v1/match/${fixture.matchId}/screenshots/request`, { target: 'all' });
    expect(res.status).toBe(409);
    const after = await scrape();
    expect(sample(after, 'versus_rcon_failures_total', server)).toBeGreaterThan(before);
    expect(sample(after, 'versus_rcon_duration_seconds_count', server)).toBeGreaterThan(0);
  });

  it("reports each pool server's log agent lag in seconds", async () => {
    await t.app.db
      .update(gameServerHosts)
      .set({ agentLastBatchAt: new Date(t.clock.now() - 42_000) })
      .where(eq(gameServerHosts.id, hostId));
    expect(sample(await scrape(), 'versus_log_agent_lag_seconds', 'server="metrics-box"')).toBe(42);
  });
});

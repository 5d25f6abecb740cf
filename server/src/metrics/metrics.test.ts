import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEffects } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { ladderMatch } from '../test/factories.ts';

const TOKEN = 'scrape-token-for-tests';

/** The value of one sample line (`name{labels} value`) of the exposition, or undefined when absent. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('answers 401 without the token or with a wrong one', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'A valid metrics token is required.' });
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('serves the Prometheus text format with the token, Node process metrics included', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE versus_websockets_open gauge');
  });

  it('observes a request under its route pattern, not its URL', async () => {
    await t.client().get('/api/v1/match-detail/999999');
    const text = await scrape();
    expect(text).not.toContain('/api/v1/match-detail/999999');
    const count = sample(
      text,
      'versus_http_request_duration_seconds_count',
      'route="/api/v1/match-detail/:id",method="GET",status_class="4xx"',
    );
    expect(count).toBe(1);
  });

  it('files a request no route matched under "unmatched", whatever its URL', async () => {
    await t.client().get('/api/v1/no-such-thing/123');
    const text = await scrape();
    expect(text).not.toContain('no-such-thing');
    expect(
      sample(
        text,
        'versus_http_request_duration_seconds_count',
        'route="unmatched",method="GET",status_class="4xx"',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts matches per status at scrape time', async () => {
    const before = sample(await scrape(), 'versus_matches', 'status="challenge"') ?? 0;
    const p1 = await t.signIn('player1');
    await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
    expect(sample(await scrape(), 'versus_matches', 'status="challenge"')).toBe(before + 1);
  });

  it('counts pending and failed effects', async () => {
    const text = await scrape();
    const failedBefore = sample(text, 'versus_match_effects', 'status="failed"');
    expect(failedBefore).toBeDefined();
    const [match] = await t.app.db.query.matches.findMany({ limit: 1 });
    await t.app.db.insert(matchEffects).values({
      matchId: match!.id,
      kind: 'test-effect',
      key: 'metrics',
      status: 'failed',
      lastError: 'the game server did not answer',
    });
    expect(sample(await scrape(), 'versus_match_effects', 'status="failed"')).toBe(failedBefore! + 1);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'reports the PostgreSQL pool (skipped on PGlite: no pool)',
    async () => {
      const text = await scrape();
      expect(sample(text, 'versus_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^versus_db_pool_waiting \d+$/m);
    },
  );
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers 404, so nothing leaks by default', async () => {
    const t = await buildTestApp({ seed: false });
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    } finally {
      await t.close();
    }
  });
});

// The reads answered before routing (hot-reads.ts), over real HTTP: two instances on one database, one with the
// hot reads and one without (HOT_READS=0), asked the same requests. What the hot path answers must be what
// Fastify answers, header by header (the date and a new visitor's token apart); what it does not answer goes
// to Fastify; it logs and counts its answers like the others.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { vetoMatchAnswer } from '@versus/common/api/matches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLog, type ServerLog } from '../logging.ts';
import { stageScenario } from '../modules/dev/index.ts';
import { notifyUsers } from '../modules/notifications/index.ts';
import { buildTestApp, eventually, expectAnswer, type TestApp } from '../test/index.ts';

const TOKEN = 'hot-reads-metrics-token';
/** The read cache's lifetime here: past it, an entry is not answered before its version is checked. */
const READ_TTL_MS = 1500;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let hot: TestApp;
let plain: TestApp;
let log: ServerLog;
let logFile: string;

/** One request over HTTP with exactly these headers. */
function send(
  app: TestApp,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  const address = app.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: address.port, path: url, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** An answer as it can be compared: no date, a new visitor's token as `…`. */
function comparable(answer: Answer): unknown {
  const headers = { ...answer.headers };
  delete headers.date;
  const cookies = headers['set-cookie'];
  if (Array.isArray(cookies))
    headers['set-cookie'] = cookies.map((c) => c.replace(/^XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=…'));
  return { status: answer.status, headers, body: answer.body };
}

/** Asks both instances; answers the hot one's answer, after checking who answered and that both agree. */
async function both(url: string, headers: Record<string, string>, hotAnswers: boolean, method = 'GET') {
  const before = hot.app.hotReads.answered;
  const fromHot = await send(hot, url, headers, method);
  expect(hot.app.hotReads.answered - before, `${method} ${url} answered before routing`).toBe(
    hotAnswers ? 1 : 0,
  );
  const fromPlain = await send(plain, url, headers, method);
  expect(comparable(fromHot), `${method} ${url} ${JSON.stringify(headers)}`).toEqual(comparable(fromPlain));
  return fromHot;
}

/** The `Cookie` header of a signed-in client of `app` (its session and XSRF cookies). */
async function cookieOf(username: string): Promise<string> {
  const client = await hot.signIn(username);
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

beforeAll(async () => {
  logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'versus-hot-reads-')), 'server.log');
  log = serverLog('info', fs.openSync(logFile, 'a'), undefined, 'json');
  hot = await buildTestApp({
    env: { METRICS_TOKEN: TOKEN, MATCH_READ_CACHE_TTL_MS: String(READ_TTL_MS) },
    logger: log.options,
  });
  plain = await buildTestApp({ database: hot.database, env: { METRICS_TOKEN: TOKEN, HOT_READS: '0' } });
  await hot.app.listen({ host: '127.0.0.1', port: 0 });
  await plain.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await plain.closeApp();
  await hot.close();
  log.flush();
  // The descriptor stays open: the log writes asynchronously, so a write still in flight (or the flush timer's)
  // would meet a closed descriptor (EBADF, uncaught) or, worse, one this worker reopened for another file. The
  // worker's exit closes it; the file's name is removed now.
  fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
});

describe('reads answered before routing', () => {
  it('answers a match held in memory as Fastify does, to every visitor, header by header', async () => {
    const { matchId } = await stageScenario(hot.app.ctx, 'ladder-veto');
    const match = `/api/v1/match/${String(matchId)}`;
    const detail = `/api/v1/match-detail/${String(matchId)}`;
    const signedIn = await cookieOf('player20');
    const xsrfOnly = 'XSRF-TOKEN=abc123';
    // The staging's commit left the match in this instance's read cache.
    const first = await both(match, {}, true);
    await both(detail, {}, true);
    const etag = String(first.headers.etag);

    const signedOut = await both(match, {}, true);
    expect(signedOut.headers['set-cookie']?.[0]).toMatch(
      /^XSRF-TOKEN=[\w-]+; Max-Age=\d+; Path=\/; SameSite=Lax$/,
    );
    expect(signedOut.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expectAnswer({ status: signedOut.status, body: JSON.parse(signedOut.body) }, vetoMatchAnswer);
    expect((await both(match, { cookie: xsrfOnly }, true)).headers['set-cookie']).toBeUndefined();
    const viewer = await both(match, { cookie: signedIn }, true);
    expect(viewer.headers['cache-control']).toBe('private, no-cache');
    expect(viewer.body).toBe(signedOut.body);
    const unchanged = await both(match, { 'if-none-match': etag }, true);
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');
    expect(
      (await both(match, { 'if-none-match': `"other", W/${etag}`, cookie: xsrfOnly }, true)).status,
    ).toBe(304);
    expect((await both(match, { 'if-none-match': '"other"' }, true)).status).toBe(200);
    // A leading zero names the same match, as the route's id rule has it.
    expect((await both(`/api/v1/match/0${String(matchId)}`, {}, true)).body).toBe(signedOut.body);

    // A session's first request reads it into the session cache (the routes); the next ones find it there.
    expect((await both('/api/v1/auth/me', { cookie: signedIn }, false)).status).toBe(200);
    // The detail page: each viewer's body (a signed-in one from the session cache).
    expect((await both(detail, {}, true)).status).toBe(200);
    expect((await both(detail, { cookie: xsrfOnly }, true)).status).toBe(200);
    const detailIn = await both(detail, { cookie: signedIn }, true);
    expect(detailIn.headers['cache-control']).toBe('private, no-cache');

    // `auth/me`: the signed-out 401, and the signed-in user's answer, never stored by the browser.
    expect((await both('/api/v1/auth/me', {}, true)).status).toBe(401);
    expect((await both('/api/v1/auth/me', { cookie: xsrfOnly }, true)).body).toBe(
      JSON.stringify({ message: 'Unauthenticated.' }),
    );
    const me = await both('/api/v1/auth/me', { cookie: signedIn }, true);
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.body).toContain('"username":"player20"');
    // A token no session has: not in the session cache, so the routes read it (and answer 401).
    expect((await both('/api/v1/auth/me', { cookie: 'versus_session=ended' }, false)).status).toBe(401);
    expect((await both(detail, { cookie: 'versus_session=ended' }, false)).status).toBe(200);
    // A session cookie is no matter to the veto-shaped match.
    expect((await both(match, { cookie: 'versus_session=ended' }, true)).status).toBe(200);
  });

  it("answers a viewer's notifications page held in memory as Fastify does, and the new page after a change", async () => {
    const client = await hot.signIn('player7');
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const page = '/api/v1/notification?page=1';
    // The first read puts the session and the page in this instance's caches (the route); then they are in memory.
    expect((await both(page, { cookie }, false)).status).toBe(200);
    const first = await both(page, { cookie }, true);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    // The list pages' rule: no page, page 0 and a leading zero are page 1.
    for (const same of [
      '/api/v1/notification',
      '/api/v1/notification?page=0',
      '/api/v1/notification?page=01',
    ])
      expect((await both(same, { cookie }, true)).body).toBe(first.body);
    expect((await both(page, { cookie, 'if-none-match': etag }, true)).status).toBe(304);
    // Another page is read by the route first; queries the hot path does not know go to the route.
    await both('/api/v1/notification?page=2', { cookie }, false);
    await both('/api/v1/notification?page=2', { cookie }, true);
    await both('/api/v1/notification?page=abc', { cookie }, false);
    await both('/api/v1/notification?page=1&x=2', { cookie }, false);
    await both('/api/v1/notification?page=1234567', { cookie }, false);
    await both('/api/v1/notification/', { cookie }, false);
    // Signed out: the route's 401.
    expect((await both(page, {}, false)).status).toBe(401);
    expect((await both(page, { cookie: 'XSRF-TOKEN=abc123' }, false)).status).toBe(401);

    // A new notification drops the page from memory before it is published: never the old page again.
    const me = JSON.parse((await send(hot, '/api/v1/auth/me', { cookie })).body) as { data: { id: number } };
    const userId = me.data.id;
    await notifyUsers(hot.app.ctx, [{ userId, type: 'test', message: 'Hot <b>news</b>', data: {} }]);
    const counted = hot.app.hotReads.answered;
    const refetched = await send(hot, page, { cookie, 'if-none-match': etag });
    expect(hot.app.hotReads.answered).toBe(counted);
    expect(refetched.status).toBe(200);
    expect(refetched.body).toContain('Hot <b>news</b>');
    const again = await send(hot, page, { cookie });
    expect(hot.app.hotReads.answered).toBe(counted + 1);
    expect(again.body).toBe(refetched.body);
    expect(again.headers.etag).toBe(refetched.headers.etag);
  });

  it('never answers for a session that ended', async () => {
    const client = await hot.signIn('player18');
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await both('/api/v1/auth/me', { cookie }, false)).status).toBe(200);
    expect((await both('/api/v1/auth/me', { cookie }, true)).status).toBe(200);
    const xsrf = client.cookies.get('XSRF-TOKEN') ?? '';
    const signOut = await send(hot, '/api/v1/auth/logout', { cookie, 'x-xsrf-token': xsrf }, 'POST');
    expect(signOut.status).toBe(204);
    // (The other instance would hear of it over Redis; here only this one is asked.)
    const counted = hot.app.hotReads.answered;
    expect((await send(hot, '/api/v1/auth/me', { cookie })).status).toBe(401);
    expect(hot.app.hotReads.answered).toBe(counted);
  });

  it('leaves to Fastify every request it is not sure of', async () => {
    const { matchId } = await stageScenario(hot.app.ctx, 'ladder-veto');
    const match = `/api/v1/match/${String(matchId)}`;
    await both(match, {}, true);
    await both(`${match}?x=1`, {}, false);
    await both(`${match}/`, {}, false);
    await both(match, {}, false, 'HEAD');
    await both(match, { authorization: 'Bearer vsp_nothing' }, false);
    await both(match, { accept: 'text/html,application/xhtml+xml' }, false);
    await both(match, { 'sec-fetch-dest': 'document' }, false);
    await both('/api/v1/match/99999999', {}, false);
    await both('/api/v1/match/12345678901', {}, false);
    await both('/api/v1/auth/me?x=1', {}, false);
    // Past the cache's lifetime the version is checked first: the routes answer, then this path again.
    await new Promise((resolve) => setTimeout(resolve, READ_TTL_MS + 100));
    await both(match, {}, false);
    await both(match, {}, true);
  });

  it('answers a match changed on this instance with its new state at once', async () => {
    const { matchId } = await stageScenario(hot.app.ctx, 'ladder-veto');
    const match = `/api/v1/match/${String(matchId)}`;
    await send(hot, match);
    const before = await send(hot, match);
    const maps = expectAnswer({ status: before.status, body: JSON.parse(before.body) }, vetoMatchAnswer).data
      .maps;
    const captain = await hot.signIn('player6');
    const counted = hot.app.hotReads.answered;
    expect((await captain.post(`/api/v1/match/${String(matchId)}/map/${String(maps[0]?.id)}`)).status).toBe(
      200,
    );
    const after = await send(hot, match, { 'if-none-match': String(before.headers.etag) });
    expect(hot.app.hotReads.answered).toBe(counted + 1);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const removed = expectAnswer({ status: after.status, body: JSON.parse(after.body) }, vetoMatchAnswer).data
      .maps;
    expect(removed.filter((m) => m.removedByTeamId !== null)).toHaveLength(1);
  });

  it('logs and counts its answers as the routes do', async () => {
    const { matchId } = await stageScenario(hot.app.ctx, 'ladder-veto');
    const match = `/api/v1/match/${String(matchId)}`;
    const series = (metrics: string) =>
      Number(
        new RegExp(
          `versus_http_request_duration_seconds_count\\{route="/api/v1/match/:id",method="GET",status_class="2xx"\\} (\\d+)`,
        ).exec(metrics)?.[1] ?? 0,
      );
    const metrics = async () => (await send(hot, '/metrics', { authorization: `Bearer ${TOKEN}` })).body;
    const countedBefore = series(await metrics());
    await send(hot, match);
    const answeredBefore = hot.app.hotReads.answered;
    await send(hot, `${match}?from=log-test`);
    for (let i = 0; i < 3; i += 1) await send(hot, match);
    expect(hot.app.hotReads.answered).toBe(answeredBefore + 3);
    expect(series(await metrics())).toBe(countedBefore + 5);

    await eventually(() => {
      log.flush();
      const lines = fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes(`"url":"${match}`))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toHaveLength(5);
      for (const line of lines) {
        expect(line).toMatchObject({
          level: 30,
          res: { statusCode: 200 },
          method: 'GET',
          msg: 'request completed',
        });
        expect(line.reqId).toMatch(/^req-[0-9a-z]+$/);
        expect(typeof line.responseTime).toBe('number');
      }
      // One sequence of request ids for both paths: every line its own.
      expect(new Set(lines.map((line) => line.reqId)).size).toBe(5);
      expect(lines.map((line) => line.url)).toContain(`${match}?from=log-test`);
    });
  });

  it('answers nothing with HOT_READS=0, and nothing once a shutdown begins', async () => {
    const { matchId } = await stageScenario(hot.app.ctx, 'ladder-veto');
    const match = `/api/v1/match/${String(matchId)}`;
    await send(plain, match);
    expect((await send(plain, match)).status).toBe(200);
    expect(plain.app.hotReads.answered).toBe(0);

    await send(hot, match);
    const counted = hot.app.hotReads.answered;
    hot.app.lifecycle.draining = true;
    try {
      expect((await send(hot, match)).status).toBe(200);
      expect(hot.app.hotReads.answered).toBe(counted);
    } finally {
      hot.app.lifecycle.draining = false;
    }
  });
});

import { matchDemosAnswer, mediaUploadAnswer, serverScreenshotRequestAnswer } from '@versus/common/api/demos';
import { STATUS } from '@versus/common/match/statuses';
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demos, games, matches, mediaUploads, userGameAccounts } from '../../db/schema/index.ts';
import { cod4DemoBytes, jpegBytes } from '../../emulator/emulator-media.ts';
import { allocateTestHost, insertTestHost } from '../game-servers/testing.ts';
import { createMatchFixture, type MatchFixture } from '../statistics/testing.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp } from '../../test/index.ts';

const MAX = 4096;
let t: TestApp;
let fixture: MatchFixture;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({
    clock: 'real',
    env: { DEMO_MAX_BYTES: String(MAX), DEMOS_QUOTA_BYTES: String(3 * MAX), DEMOS_RETENTION_DAYS: '7' },
  });
  fixture = await createMatchFixture(t.app, { statusId: STATUS.inProgress });
  const host = await insertTestHost(t.app.db, { port: 31001 });
  await allocateTestHost(t.app.db, host.hostId, fixture.gameServerId, fixture.matchId);
  token = host.agentToken;
  const [game] = await t.app.db.select().from(games).limit(1);
  await t.app.db.insert(userGameAccounts).values({
    userId: fixture.userIds.get('player3') ?? 0,
    gameId: game?.id ?? 0,
    guid: '[U:1:303]',
    inGameName: 'Charlie',
    source: 'settings',
  });
});
afterAll(async () => {
  await t.close();
});

/** An `app.inject` answer as `expectAnswer` reads it. */
function read(res: { statusCode: number; json: () => unknown; headers: Record<string, unknown> }) {
  return { status: res.statusCode, body: res.json(), headers: res.headers, cookies: [] };
}

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

function start(body: Record<string, unknown>, auth = token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/game-server-agent/uploads',
    headers: { authorization: `Bearer ${auth}` },
    payload: body,
  });
}

function put(id: string, bytes: Buffer, range: string, auth = token) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/game-server-agent/uploads/${id}`,
    headers: {
      authorization: `Bearer ${auth}`,
      'content-type': 'application/octet-stream',
      'content-range': range,
    },
    payload: bytes,
  });
}

/** Announces and sends the file in two chunks; returns the last answer. */
async function upload(bytes: Buffer, fileName: string, extra: Record<string, unknown> = {}) {
  const started = await start({ kind: 'demo', fileName, size: bytes.length, sha256: sha(bytes), ...extra });
  if (started.statusCode !== 200) return started;
  const { id } = expectAnswer(read(started), mediaUploadAnswer).data;
  const half = Math.floor(bytes.length / 2);
  const first = await put(id, bytes.subarray(0, half), `bytes 0-${half - 1}/${bytes.length}`);
  expect(expectAnswer(read(first), mediaUploadAnswer).data).toMatchObject({ offset: half, complete: false });
  return put(id, bytes.subarray(half), `bytes ${half}-${bytes.length - 1}/${bytes.length}`);
}

async function demoCount(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(demos);
  return row?.n ?? 0;
}

describe('demo uploads', () => {
  it('stores a demo in chunks, lists it under its map with the player, and downloads it', async () => {
    const bytes = cod4DemoBytes('one');
    const done = await upload(bytes, 'demo_[U:1:303]_0000.dm_1', { map: 'mp_crash' });
    expect(expectAnswer(read(done), mediaUploadAnswer).data).toMatchObject({
      complete: true,
      offset: bytes.length,
    });

    const player = await signIn(t.app, 'player7');
    const list = expectAnswer(
      await player.get(`/api/v1/match/${fixture.matchId}/demos`),
      matchDemosAnswer,
    ).data;
    expect(list).toEqual([
      {
        mapName: 'mp_crash',
        mapTitle: 'Crash',
        demos: [
          expect.objectContaining({
            username: 'player3',
            inGameName: 'Charlie',
            playerId: '[U:1:303]',
            sizeBytes: bytes.length,
          }),
        ],
      },
    ]);
    const file = await player.get(list[0]?.demos[0]?.downloadUrl ?? '');
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="demo_[U:1:303]_0000.dm_1"');
    const raw = await t.app.inject({
      method: 'GET',
      url: list[0]?.demos[0]?.downloadUrl ?? '',
      headers: { cookie: [...player.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(sha(raw.rawPayload)).toBe(sha(bytes));
  });

  it('is idempotent: the same file again is the same demo, a chunk sent twice is answered with the offset', async () => {
    const bytes = cod4DemoBytes('one');
    const before = await demoCount();
    const again = await start({
      kind: 'demo',
      fileName: 'demo_[U:1:303]_0000.dm_1',
      size: bytes.length,
      sha256: sha(bytes),
    });
    expect(expectAnswer(read(again), mediaUploadAnswer).data).toMatchObject({
      complete: true,
      offset: bytes.length,
    });
    expect(await demoCount()).toBe(before);

    const other = cod4DemoBytes('two');
    const started = expectAnswer(
      read(
        await start({
          kind: 'demo',
          fileName: 'demo_[U:1:304]_0000.dm_1',
          size: other.length,
          sha256: sha(other),
        }),
      ),
      mediaUploadAnswer,
    ).data;
    expect((await put(started.id, other.subarray(0, 10), `bytes 0-9/${other.length}`)).statusCode).toBe(200);
    const twice = await put(started.id, other.subarray(0, 10), `bytes 0-9/${other.length}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'The upload is at byte 10.' });
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/v1/game-server-agent/uploads/${started.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expectAnswer(read(state), mediaUploadAnswer).data.offset).toBe(10);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const before = await demoCount();
    const bytes = cod4DemoBytes('three');
    // Unknown agent token.
    const unknown = await start(
      { kind: 'demo', fileName: 'demo_x_0000.dm_1', size: 10, sha256: sha(bytes) },
      'ga_1_nope',
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid game server agent token.' });
    // Not a demo.
    const fake = Buffer.from('MZ this is an executable renamed to .dm_1, long enough to be a demo');
    const notDemo = await upload(fake, 'demo_x_0001.dm_1');
    expect(notDemo.statusCode).toBe(422);
    expect(notDemo.json()).toMatchObject({ errors: { file: ['The file is not a CoD4 demo.'] } });
    // A checksum that does not match the bytes.
    const started = expectAnswer(
      read(
        await start({
          kind: 'demo',
          fileName: 'demo_x_0002.dm_1',
          size: bytes.length,
          sha256: sha(Buffer.from('x')),
        }),
      ),
      mediaUploadAnswer,
    ).data;
    const wrong = await put(started.id, bytes, `bytes 0-${bytes.length - 1}/${bytes.length}`);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      errors: { sha256: ["The file's SHA-256 does not match the one announced."] },
    });
    // A Content-Range that does not describe the bytes.
    const badRange = await put(started.id, bytes, 'bytes 0-3/4');
    expect(badRange.statusCode).toBe(422);
    // Over the largest demo.
    const big = await start({
      kind: 'demo',
      fileName: 'demo_x_0003.dm_1',
      size: MAX + 1,
      sha256: sha(bytes),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The file is larger than 1 MB.' });
    // Over the quota (three demos of MAX bytes, one is stored already).
    const fill = (n: number) =>
      start({ kind: 'demo', fileName: `demo_q_000${n}.dm_1`, size: MAX, sha256: sha(Buffer.from(`q${n}`)) });
    expect((await fill(1)).statusCode).toBe(200);
    expect((await fill(2)).statusCode).toBe(200);
    const full = await fill(3);
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual({ message: 'The demo storage is full.' });
    // Uploads abandoned for a day hold no quota: the next announcement drops them (their agent gets 404).
    const [abandoned] = await t.app.db
      .update(mediaUploads)
      .set({ updatedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(mediaUploads.fileName, 'demo_q_0001.dm_1'))
      .returning();
    const afterADay = await fill(3);
    expect(afterADay.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/game-server-agent/uploads/${abandoned?.id ?? ''}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.statusCode).toBe(404);
    await t.app.db.delete(mediaUploads).where(eq(mediaUploads.sizeBytes, MAX));
    // Malformed announcement.
    const malformed = await start({ kind: 'video', fileName: '../../etc/passwd', size: -1, sha256: 'x' });
    expect(malformed.statusCode).toBe(422);
    expect(await demoCount()).toBe(before);
  });

  it("refuses a token of another server's match and a finished match past retention", async () => {
    const other = await insertTestHost(t.app.db, { port: 31002 });
    const bytes = cod4DemoBytes('four');
    const body = { kind: 'demo', fileName: 'demo_y_0000.dm_1', size: bytes.length, sha256: sha(bytes) };
    const noMatch = await start(body, other.agentToken);
    expect(noMatch.statusCode).toBe(409);
    const foreign = await start({ ...body, matchId: fixture.matchId }, other.agentToken);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'This match was not played on this server.' });

    const old = await createMatchFixture(t.app, { statusId: STATUS.finished });
    await allocateTestHost(t.app.db, other.hostId, old.gameServerId, old.matchId);
    await t.app.db
      .update(matches)
      .set({ finishedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(matches.id, old.matchId));
    const expired = await start(body, other.agentToken);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      message: 'The match finished more than 7 days ago: its demos are no longer kept.',
    });
  });

  it('refuses a screenshot that was not asked for, and one that is not a JPEG', async () => {
    const jpg = jpegBytes('x');
    const res = await start({
      kind: 'screenshot',
      fileName: 'player0000.jpg',
      size: jpg.length,
      sha256: sha(jpg),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { fileName: ['This screenshot was not asked for by Versus.'] },
    });
  });
});

describe('demo list and server screenshot requests', () => {
  it('lists demos for players and admins only', async () => {
    const url = `/api/v1/match/${fixture.matchId}/demos`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await (await signIn(t.app, 'player15')).get(url)).status).toBe(403);
    const admin = await signIn(t.app, 'admin');
    expect((await admin.get(url)).status).toBe(200);
    expect((await admin.get('/api/v1/match/999999/demos')).status).toBe(404);
    expect((await admin.get('/api/v1/demos/999999/download')).status).toBe(404);
  });

  it('lets admins and live captains ask, nobody else; a match without a pool server answers 409', async () => {
    const url = `/api/v1/match/${fixture.matchId}/screenshots/request`;
    const player = await signIn(t.app, 'player2');
    const refused = await player.post(url, { target: 'all' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: "Only admins, and the match's captains while it is live, can ask for server screenshots.",
    });
    const admin = await signIn(t.app, 'admin');
    expect((await admin.post(url, { target: 'everyone' })).status).toBe(422);
    const none = await admin.post(url, { target: 'all' });
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ message: 'This match has no game server.' });
    expect(serverScreenshotRequestAnswer).toBeDefined();
  });
});

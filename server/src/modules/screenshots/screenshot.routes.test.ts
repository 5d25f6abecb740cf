import { STATUS } from '@versus/common/match/statuses';
import { expectAnswer, buildTestApp, type TestApp, signIn } from '../../test/index.ts';
import { screenshotPageAnswer } from '@versus/common/api/screenshots';
import { anticheatTokenAnswer } from '@versus/common/api/anticheat';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatchFixture, type MatchFixture } from '../statistics/testing.ts';

const MAX_BYTES = 4096;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1x1 red RGB PNG. */
function onePixelPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const pixels = zlib.deflateSync(Buffer.from([0, 255, 0, 0])); // filter byte + one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let t: TestApp;
let fixture: MatchFixture;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({
    clock: 'real',
    env: {
      SCREENSHOT_MAX_BYTES: String(MAX_BYTES),
      SCREENSHOTS_PER_PAGE: '2',
      SCREENSHOTS_MAX_PER_USER_PER_MATCH: '3',
      SCREENSHOTS_MAX_PER_MATCH: '4',
    },
  });
  fixture = await createMatchFixture(t.app, { statusId: STATUS.inProgress });
  const client = await signIn(t.app, 'player2');
  token = expectAnswer(await client.post('/api/v1/anticheat/token'), anticheatTokenAnswer).data.token;
});
afterAll(async () => {
  await t.close();
});

async function tokenOf(username: string): Promise<string> {
  const client = await signIn(t.app, username);
  return expectAnswer(await client.post('/api/v1/anticheat/token'), anticheatTokenAnswer).data.token;
}

function upload(body: Buffer, options: { matchId?: number; type?: string; auth?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/anticheat/client/screenshots/${options.matchId ?? fixture.matchId}`,
    headers: {
      authorization: options.auth ?? `Bearer ${token}`,
      'content-type': options.type ?? 'image/png',
      'x-in-game-name': 'Bravo',
    },
    payload: body,
  });
}

describe('screenshot upload', () => {
  it('stores a real PNG under a random name and serves it back', async () => {
    const png = onePixelPng();
    const res = await upload(png);
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ data: { url: string } }>().data;
    expect(url).toMatch(/^\/uploads\/screenshots\/[A-Za-z0-9_-]{32}\.png$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(png)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/.{8}\.png$/, 'AAAAAAAA.png') })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/screenshots/..%2F..%2Fetc.png' })).statusCode,
    ).toBe(404);
  });

  it('accepts a JPEG sent as octet-stream (type decided by content)', async () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(64, 1),
      Buffer.from([0xff, 0xd9]),
    ]);
    const res = await upload(jpeg, { type: 'application/octet-stream' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: { url: string } }>().data.url).toMatch(/\.jpg$/);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([onePixelPng(), Buffer.alloc(MAX_BYTES)]);
    expect((await upload(big)).statusCode).toBe(413);
  });

  it('refuses a non-image renamed to .png with 422', async () => {
    const res = await upload(Buffer.from('MZ\x90\x00 this is not a picture.exe'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: { screenshot: ['The screenshot must be a PNG or JPEG image.'] },
    });
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(422);
  });

  it('refuses strangers, bad tokens and matches not in progress', async () => {
    expect((await upload(onePixelPng(), { auth: 'Bearer ac_1_x' })).statusCode).toBe(401);
    const finished = await createMatchFixture(t.app, { statusId: STATUS.finished });
    expect((await upload(onePixelPng(), { matchId: finished.matchId })).statusCode).toBe(403);
    const client = await signIn(t.app, 'player12');
    const strangerToken = expectAnswer(await client.post('/api/v1/anticheat/token'), anticheatTokenAnswer)
      .data.token;
    expect((await upload(onePixelPng(), { auth: `Bearer ${strangerToken}` })).statusCode).toBe(403);
  });
});

describe('screenshot list', () => {
  it('pages the shots for players and admins, 403 for others', async () => {
    await upload(onePixelPng());
    const url = `/api/v1/screenshots/${fixture.matchId}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await (await signIn(t.app, 'player15')).get(url)).status).toBe(403);

    const player = await signIn(t.app, 'player7');
    const first = await player.get(`${url}?page=1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      meta: { current_page: 1, last_page: 2, per_page: 2, total: 3 },
      links: { prev: null, next: `${url}?page=2` },
    });
    const rows = expectAnswer(first, screenshotPageAnswer).data;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      id: expect.any(Number) as number,
      url: expect.stringMatching(/^\/uploads\/screenshots\//) as string,
      inGameName: 'Bravo',
      username: 'player2',
      takenByServer: false,
    });
    const admin = await signIn(t.app, 'admin');
    const second = await admin.get(`${url}?page=2`);
    expect(expectAnswer(second, screenshotPageAnswer).data).toHaveLength(1);
    expect((await admin.get('/api/v1/screenshots/999999')).status).toBe(404);
  });
});

describe('screenshot quotas', () => {
  it('holds per player and per match, parallel uploads included', async () => {
    const match = await createMatchFixture(t.app, { statusId: STATUS.inProgress });
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () => upload(onePixelPng(), { matchId: match.matchId })),
    );
    const statuses = parallel.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422]);
    const refused = parallel.find((r) => r.statusCode === 422);
    expect(refused?.json()).toMatchObject({
      errors: { screenshot: ['You have reached your screenshot limit for this match.'] },
    });
    const other = `Bearer ${await tokenOf('player7')}`;
    expect((await upload(onePixelPng(), { matchId: match.matchId, auth: other })).statusCode).toBe(201);
    const third = await upload(onePixelPng(), {
      matchId: match.matchId,
      auth: `Bearer ${await tokenOf('player3')}`,
    });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toMatchObject({
      errors: { screenshot: ['This match has reached its screenshot limit.'] },
    });
    const admin = await signIn(t.app, 'admin');
    const list = await admin.get(`/api/v1/screenshots/${match.matchId}`);
    expect(list.body).toMatchObject({ meta: { total: 4 } });
  });
});

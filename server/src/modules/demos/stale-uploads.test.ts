// The sweep of abandoned uploads runs on the platform's clock (the test clock starts in 2030, far from the
// database's own now()): a fresh upload survives another server's announcement, and an upload no chunk
// reached for a day is dropped (its agent gets 404 and announces the file again).
import { mediaUploadAnswer } from '@versus/common/api/demos';
import { STATUS } from '@versus/common/match/statuses';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cod4DemoBytes } from '../../emulator/emulator-media.ts';
import { allocateTestHost, insertTestHost } from '../game-servers/testing.ts';
import { createMatchFixture } from '../statistics/testing.ts';
import { buildTestApp, expectAnswer, FakeClock, type TestApp } from '../../test/index.ts';
import { STALE_UPLOAD_MS } from './demos.service.ts';

let t: TestApp;
let clock: FakeClock;
let token: string;

beforeAll(async () => {
  clock = new FakeClock();
  t = await buildTestApp({ clock });
  const fixture = await createMatchFixture(t.app, { statusId: STATUS.inProgress });
  const host = await insertTestHost(t.app.db, { port: 31002 });
  await allocateTestHost(t.app.db, host.hostId, fixture.gameServerId, fixture.matchId);
  token = host.agentToken;
});
afterAll(async () => {
  await t.close();
});

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

async function announce(bytes: Buffer, fileName: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/game-server-agent/uploads',
    headers: { authorization: `Bearer ${token}` },
    payload: { kind: 'demo', fileName, size: bytes.length, sha256: sha(bytes) },
  });
  return expectAnswer({ status: res.statusCode, body: res.json() }, mediaUploadAnswer).data;
}

function put(id: string, bytes: Buffer, first: number, last: number) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/game-server-agent/uploads/${id}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'content-range': `bytes ${first}-${last}/${bytes.length}`,
    },
    payload: bytes.subarray(first, last + 1),
  });
}

describe('abandoned uploads', () => {
  it('keeps an upload announced but not yet sent when another file is announced', async () => {
    const one = cod4DemoBytes('one');
    const started = await announce(one, 'demo_[U:1:401]_0000.dm_1');
    await announce(cod4DemoBytes('two'), 'demo_[U:1:402]_0000.dm_1');
    expect((await put(started.id, one, 0, 9)).statusCode).toBe(200);
    const rest = await put(started.id, one, 10, one.length - 1);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ data: { complete: true, offset: one.length } });
  });

  it('drops an upload no chunk reached for a day', async () => {
    const three = cod4DemoBytes('three');
    const started = await announce(three, 'demo_[U:1:403]_0000.dm_1');
    expect((await put(started.id, three, 0, 9)).statusCode).toBe(200);
    clock.advance(STALE_UPLOAD_MS + 1000);
    await announce(cod4DemoBytes('four'), 'demo_[U:1:404]_0000.dm_1');
    const late = await put(started.id, three, 10, three.length - 1);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: 'Upload not found.' });
  });
});

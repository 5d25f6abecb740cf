// The server's request log written asynchronously: every request's lines reach the file, in order, once
// flushed, and the request did not wait for them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/index.ts';
import { serverLog, type ServerLog } from './logging.ts';

describe('the request log', () => {
  let t: TestApp;
  let log: ServerLog;
  const file = path.join(os.tmpdir(), `versus-log-${String(process.pid)}.log`);
  beforeAll(async () => {
    log = serverLog('info', fs.openSync(file, 'w'));
    t = await buildTestApp({ logger: log.options });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(file, { force: true });
  });

  it('logs every request as JSON lines with its request id', async () => {
    for (let i = 0; i < 20; i += 1)
      expect((await t.client().get(`/api/v1/match/${String(900_000 + i)}`)).status).toBe(404);
    log.flush();
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string; res?: { statusCode: number } });
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(20);
    expect(completed.slice(-20).every((l) => l.res?.statusCode === 404 && l.reqId)).toBe(true);
  });
});

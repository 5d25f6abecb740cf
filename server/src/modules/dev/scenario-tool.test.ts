// `npm run scenario` against a listening server, as a tester runs it: runs in a row keep one admin session
// (the sign-in limit allows 5 a minute per username), and on the embedded default the `finished` scenario
// finds a server every time, because a match that finds none free gets one started for it.
import { scenarioAnswer } from '@versus/common/api/dev';
import { STATUS } from '@versus/common/match/statuses';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, type TestApp } from '../../test/index.ts';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../../scripts/scenario.mjs', import.meta.url));

describe('npm run scenario on the embedded default', () => {
  let t: TestApp;
  let url = '';
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-scenario-cache-'));
  beforeAll(async () => {
    t = await buildTestApp({
      clock: 'real',
      env: {
        GAME_SERVER_PROVIDER: 'embedded',
        // The limits of a development server: the tool must live within them.
        LOGIN_MAX_ATTEMPTS_PER_USERNAME: '5',
        LOGIN_MAX_ATTEMPTS_PER_IP: '20',
      },
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(cache, { recursive: true, force: true });
  });

  const scenario = async (name: string) => {
    const { stdout } = await run(process.execPath, [SCRIPT, name, '--json'], {
      env: { ...process.env, APP_URL: url, XDG_CACHE_HOME: cache },
    });
    return JSON.parse(stdout) as { matchId: number; statusId: number };
  };

  it('stages 8 matches in a row within a minute', async () => {
    for (let i = 0; i < 8; i += 1) {
      const staged = await scenario('ladder-challenge');
      expect(staged.statusId).toBe(STATUS.challenge);
    }
  }, 60_000);

  it('stages a match in progress, then finished twice in a row, each with its log and statistics', async () => {
    const admin = await t.signIn('admin');
    expect((await scenario('in-progress')).statusId).toBe(STATUS.inProgress);
    for (let i = 0; i < 2; i += 1) {
      const res = await admin.post('/api/v1/dev/scenarios/finished');
      const { data } = expectAnswer(res, scenarioAnswer, 201);
      expect(data.statusId).toBe(STATUS.finished);
      const stats = await admin.get(`/api/v1/match-detail/statistics/${String(data.matchId)}`);
      expect(stats.status).toBe(200);
    }
  }, 90_000);
});

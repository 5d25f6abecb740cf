// The rcon password and the agent token never leave the platform: every log line the app writes (trace
// level, request logs included) and every answer of the admin API, through saving (rcon answered, Bad rcon,
// no answer), a refused edit, an allocation that skips a Bad rcon server, the roster lock's kick and the
// release, are searched for them.
import { adminGameServerSavedAnswer, adminGameServersAnswer } from '@versus/common/api/game-servers';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { effectsSettled } from '../effects/index.ts';
import { createPoolApp, Emulators, endVeto, matchAtLastVetoStep } from './testing.ts';
import { expectAnswer, signIn, type TestApp } from '../../test/index.ts';

let t: TestApp;
const emulators = new Emulators();
const logLines: string[] = [];
beforeEach(async () => {
  logLines.length = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await createPoolApp({ GAME_SERVER_MONITOR_INTERVAL_MS: '300' }, { logger: { level: 'trace', stream } });
}, 180_000);
afterEach(async () => {
  await t.close();
  await emulators.stop();
});

describe('game-server secrets', { timeout: 120_000 }, () => {
  it('never appear in a log line or an answer', async () => {
    const good = await emulators.start({ rconPassword: 'Secret-Good-Pass1' });
    const broken = await emulators.start({ rconPassword: 'Secret-Broken-Pass2' });
    const admin = await signIn(t.app, 'admin');
    const answers: string[] = [];
    const save = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/v1/admin/game-servers', body);
      answers.push(JSON.stringify(res.body));
      return expectAnswer(res, adminGameServerSavedAnswer, 201).data;
    };

    const brokenSaved = await save({
      name: 'Broken',
      host: '127.0.0.1',
      port: broken.port,
      rconPassword: 'Secret-Broken-Pass2',
    });
    expect(brokenSaved.check.result).toBe('ok');
    // Someone changes the password on the host: the next allocation meets Bad rcon and logs it.
    broken.dvars.set('rcon_password', 'Secret-Changed-Pass3');
    const goodSaved = await save({
      name: 'Good',
      host: '127.0.0.1',
      port: good.port,
      rconPassword: 'Secret-Good-Pass1',
    });
    const wrong = await save({
      name: 'Wrong',
      host: '127.0.0.1',
      port: good.port + 10_000 > 65_000 ? good.port - 10_000 : good.port + 10_000,
      rconPassword: 'Secret-Wrong-Pass4',
    });
    expect(wrong.check.result).toBe('no-answer');
    const badRcon = await admin.request('PATCH', `/api/v1/admin/game-servers/${wrong.id}`, {
      port: good.port + 1 === broken.port ? good.port + 2 : good.port + 1,
      rconPassword: 'Secret-Other-Pass5',
    });
    answers.push(JSON.stringify(badRcon.body));
    const refused = await admin.request('PATCH', `/api/v1/admin/game-servers/${goodSaved.id}`, {
      rconPassword: 'Secret has spaces6',
    });
    expect(refused.status).toBe(422);
    answers.push(JSON.stringify(refused.body));

    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    expect(good.state().dvars._versus_match).toBe(String(matchId));
    good.join({ playerId: '[U:1:424242]', name: 'Intruder' });
    // The kick reaches the server before the roster lock records and logs it: wait for the log line too.
    const kickLogged = () => logLines.some((l) => l.includes('roster lock: kicked'));
    const end = Date.now() + 10_000;
    while ((good.state().kicks.length === 0 || !kickLogged()) && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(good.state().kicks).toHaveLength(1);
    const cancelled = await admin.post(`/api/v1/admin/matches/${matchId}/cancel`);
    expect(cancelled.status).toBe(200);
    await effectsSettled(t.app.ctx); // the server's release, after the cancel's answer
    const list = await admin.get('/api/v1/admin/game-servers');
    expectAnswer(list, adminGameServersAnswer);
    answers.push(JSON.stringify(list.body));

    const passwords = [
      'Secret-Good-Pass1',
      'Secret-Broken-Pass2',
      'Secret-Changed-Pass3',
      'Secret-Wrong-Pass4',
      'Secret-Other-Pass5',
      'Secret has spaces6',
    ];
    // The secret part of each agent token (its row id is not secret).
    const tokens = [brokenSaved.agentToken, goodSaved.agentToken, wrong.agentToken].map((token) =>
      String(token).split('_').slice(2).join('_'),
    );
    // The log is not empty: requests, the Bad rcon allocation and the kick were logged.
    expect(logLines.some((l) => l.includes('/api/v1/admin/game-servers'))).toBe(true);
    expect(logLines.some((l) => l.includes('roster lock: kicked'))).toBe(true);
    for (const secret of [...passwords, ...tokens]) {
      expect(secret.length).toBeGreaterThanOrEqual(8);
      expect(logLines.filter((l) => l.includes(secret))).toEqual([]);
    }
    for (const password of passwords) expect(answers.filter((a) => a.includes(password))).toEqual([]);
    // Only the answer that creates a server shows its agent token, once.
    for (const token of tokens) expect(answers.filter((a) => a.includes(token))).toHaveLength(1);
    expect(answers.filter((a) => a.includes('agentToken'))).toHaveLength(3);
  });
});

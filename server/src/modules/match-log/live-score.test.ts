// A whole BO1 on the emulator with the log agent: the live round score goes out at each round end, the
// log's result is entered by the system after the last map ("entered from the server log"), a captain
// approves, the server is released, and a dispute carries the log's numbers.
import fs from 'node:fs';
import { LogAgent } from '@versus/agent';
import { scoreFormAnswer } from '@versus/common/api/scores';
import { STATUS } from '@versus/common/match/statuses';
import { liveScoreSchema } from '@versus/common/api/game-servers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameServerHosts, tickets } from '../../db/schema/index.ts';
import { effectsSettled } from '../effects/index.ts';
import { loadMatch } from '../matches/index.ts';
import {
  createPoolApp,
  Emulators,
  endVeto,
  matchAtLastVetoStep,
  registerServer,
} from '../game-servers/testing.ts';
import { expectAnswer, signIn, type TestApp } from '../../test/index.ts';

let t: TestApp;
const emulators = new Emulators();
let agent: LogAgent | null = null;
beforeEach(async () => {
  // The emulator answers rcon from this process; on a loaded CI machine a release's kicks can wait longer
  // than the pool tests' 500 ms, so this wall-clock test gives them the production default and more.
  t = await createPoolApp({ GAME_SERVER_RCON_TIMEOUT_MS: '3000' });
});
afterEach(async () => {
  await agent?.stop();
  await t.close();
  await emulators.stop();
});

async function until(check: () => Promise<boolean> | boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('live score and automatic result', () => {
  it('publishes the round score as it grows, enters the log result after the last map, approval releases the server', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // 4 ms per game second: the match lasts some seconds, so even a slow machine's agent ships it in
    // several batches (one live score event per batch that changed the score).
    const emu = await emulators.start({ msPerGameSecond: 4, seed: 8 });
    const { agentToken } = await registerServer(t, emu);
    agent = new LogAgent({ logPath: emu.log.path, url, token: agentToken, pollMs: 50 });
    agent.start();
    const matchId = await matchAtLastVetoStep(t.app.ctx);
    await endVeto(t.app.ctx, matchId);
    expect(emu.state().dvars.promod_mode).toBe('match_mr12');
    for (let n = 1; n <= 10; n++) {
      emu.join({ playerId: `[U:1:${1_000_000 + n}]`, name: `player${n}`, side: n <= 5 ? 1 : 2 });
    }
    emu.goLive();

    await until(
      async () =>
        (await loadMatch(t.app.db, matchId, { lock: false }))?.state.statusId === STATUS.scoreEntered,
    );
    // The result is entered at the last round's end; the emulator finishes its playback (and reports the
    // results) only after the lines that follow it, so wait for those too.
    await until(() => emu.state().results !== null);
    const [result] = emu.state().results ?? [];
    expect(Math.max(result?.challengerRounds ?? 0, result?.opponentRounds ?? 0)).toBe(13);

    // One live score event per round end, counting up to the final score.
    const live = t.published
      .filter((p) => p.event === 'OnMatchLiveScore' && p.channel === `match-live-score.${matchId}`)
      .map((p) => liveScoreSchema.parse(p.payload).maps[0]);
    const totals = live.map((m) => (m?.firstScore ?? 0) + (m?.secondScore ?? 0));
    expect(totals.length).toBeGreaterThanOrEqual(3);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    expect(live.at(-1)).toMatchObject({
      firstScore: result?.challengerRounds,
      secondScore: result?.opponentRounds,
    });
    const publicScore = await t.app.inject({ method: 'GET', url: `/api/v1/match/${matchId}/live-score` });
    expect(publicScore.json()).toMatchObject({
      data: {
        matchId,
        maps: [{ firstScore: result?.challengerRounds, secondScore: result?.opponentRounds }],
      },
    });

    // The score form says where the score came from; either captain may answer it, nobody may edit it.
    const captain = await signIn(t.app, 'player6');
    const form = expectAnswer(
      await captain.get(`/api/v1/match-detail/score/form/${matchId}`),
      scoreFormAnswer,
    );
    expect(form.data).toMatchObject({
      scoreEnteredFromLog: true,
      scoreEnteredByUsername: null,
      canHandleScore: true,
      canEditScore: false,
    });
    expect(form.data.enteredScores[0]).toMatchObject({
      firstScore: result?.challengerRounds,
      secondScore: result?.opponentRounds,
    });
    const other = await signIn(t.app, 'player1');
    const otherForm = expectAnswer(
      await other.get(`/api/v1/match-detail/score/form/${matchId}`),
      scoreFormAnswer,
    );
    expect(otherForm.data.canHandleScore).toBe(true);

    const approved = await captain.post(`/api/v1/match-detail/score/form/${matchId}/approve`, { approve: 1 });
    expect(approved.body).toEqual({ message: 'Match score was approved successfully' });
    await effectsSettled(t.app.ctx); // the server is released after the approval's answer
    const record = await loadMatch(t.app.db, matchId, { lock: false });
    expect(record?.state.statusId).toBe(STATUS.finished);
    expect(record?.state.winnerSide).toBe(
      (result?.challengerRounds ?? 0) > (result?.opponentRounds ?? 0) ? 1 : 2,
    );
    const [host] = await t.app.db.select().from(gameServerHosts);
    expect(host?.matchId).toBeNull();
    expect(emu.state().clients).toEqual([]);

    // A dispute after the fact carries the log's numbers for the admin.
    const disputed = await other.post(`/api/v1/match-detail/dispute/${matchId}`, {
      description: 'They smurfed.',
    });
    expect(disputed.status).toBe(200);
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.matchId, matchId));
    expect(ticket?.description).toMatch(
      new RegExp(
        `^They smurfed\\.\\n\\nServer log: .+ ${result?.challengerRounds}-${result?.opponentRounds}$`,
      ),
    );
    expect(fs.existsSync(emu.log.path)).toBe(true);
  }, 120_000);
});

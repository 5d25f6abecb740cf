// The effects outbox against the real server process (server/src/test/server-process.ts): one PGlite data
// folder, a pool of emulated CoD4x servers in this process, the server driven over HTTP. With
// EFFECTS_AFTER_COMMIT=defer and no worker timer, a committed change answers while its effect has not
// happened yet; the process is killed with SIGKILL in that window and started again on the same data, and
// every effect is there exactly once: the server provisioned after the last veto turn, the server released
// after the approved finish, the result entered from the agent batch that decided the series. Code that ran
// the effects after the commit without the outbox would lose all three. The bracket advance is written in
// the approval's own transaction: it is there after the kill as well.
import crypto from 'node:crypto';
import { adminGameServerSavedAnswer, agentBatchAnswer } from '@versus/common/api/game-servers';
import { matchServerAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { notificationsPageSchema } from '@versus/common/api/notifications';
import { scoreFormAnswer } from '@versus/common/api/scores';
import { tournamentPageAnswer, tournamentsAnswer } from '@versus/common/api/tournaments';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, describe, expect, it } from 'vitest';
import { Emulators } from '../game-servers/testing.ts';
import { generateMatchLog } from '../statistics/index.ts';
import {
  anonymousSession,
  killServerProcess,
  makeDataDir,
  signIn,
  signInCaptains,
  stageScenario,
  startServerProcess,
  type ProcessSession,
  type ServerProcess,
} from '../../test/server-process.ts';

const ENV = {
  EFFECTS_AFTER_COMMIT: 'defer',
  EFFECTS_INTERVAL_MS: '0',
  GAME_SERVER_PROVIDER: 'pool',
  GAME_SERVER_MONITOR_INTERVAL_MS: '0',
  GAME_SERVER_RCON_TIMEOUT_MS: '3000',
};

const emulators = new Emulators();
let data: Awaited<ReturnType<typeof makeDataDir>> | null = null;
let proc: ServerProcess | null = null;

afterAll(async () => {
  if (proc) await killServerProcess(proc);
  await emulators.stop();
  await data?.remove();
});

type Captains = Map<string, ProcessSession>;
const anyOf = (sessions: Captains) => [...sessions.values()][0] as ProcessSession;

/** Plays the veto over HTTP up to its last turn (two maps open); answers that turn's click. */
async function lastVetoClick(sessions: Captains, matchId: number) {
  for (;;) {
    const { data: match } = vetoMatchAnswer.parse(
      (await anyOf(sessions).call('GET', `/api/v1/match/${String(matchId)}`)).body,
    );
    const open = match.maps.filter((m) => m.mapIndex === null);
    const onTurn = [match.challengerUser, match.opponentUser].find((u) => u?.id === match.vetoDetail?.userId);
    const s = onTurn ? sessions.get(onTurn.username) : undefined;
    if (!s || !open[0]) throw new Error(`no veto turn in match ${String(matchId)}`);
    const click = () => s.call('POST', `/api/v1/match/${String(matchId)}/map/${String(open[0]?.id)}`);
    if (open.length <= 2) return click;
    expect((await click()).status).toBeLessThan(300);
  }
}

async function serverBox(s: ProcessSession, matchId: number) {
  return matchServerAnswer.parse((await s.call('GET', `/api/v1/match/${String(matchId)}/server`)).body).data;
}

async function scoreForm(s: ProcessSession, matchId: number) {
  const res = await s.call('GET', `/api/v1/match-detail/score/form/${String(matchId)}`);
  return scoreFormAnswer.parse(res.body).data;
}

/** The score approved by whichever captain may approve it. */
async function approve(sessions: Captains, matchId: number): Promise<void> {
  const answers: number[] = [];
  for (const s of sessions.values()) {
    const url = `/api/v1/match-detail/score/form/${String(matchId)}/approve`;
    answers.push((await s.call('POST', url, { approve: true })).status);
  }
  expect(answers).toContain(200);
}

/** This captain's notifications about the match that contain `text`. */
async function toldAbout(s: ProcessSession, matchId: number, text: string) {
  const page = notificationsPageSchema.parse((await s.call('GET', '/api/v1/notification')).body);
  return page.data.filter(
    (n) => n.message.includes(text) && n.data.redirectUrl?.endsWith(`/${String(matchId)}`),
  );
}

/** The staged tournament's page holding the bracket match. */
async function bracketOf(s: ProcessSession, matchId: number) {
  const list = tournamentsAnswer.parse((await s.call('GET', '/api/v1/tournaments')).body).data;
  for (const cup of list.filter((c) => c.name.includes('(staged'))) {
    const page = tournamentPageAnswer.parse(
      (await s.call('GET', `/api/v1/tournaments/${cup.slug}`)).body,
    ).data;
    const rounds = page.bracket.stages[0]?.groups[0]?.rounds ?? [];
    if (rounds[0]?.matches.some((m) => m.id === matchId)) return rounds;
  }
  throw new Error(`no tournament holds match ${String(matchId)}`);
}

/** The names of the teams the final knows so far. */
async function finalTeams(s: ProcessSession, matchId: number): Promise<(string | undefined)[]> {
  const final = (await bracketOf(s, matchId))[1]?.matches[0];
  return [final?.challengerTeam?.name, final?.opponentTeam?.name];
}

/** The whole log of a BO1 the challenger wins 13-7, as the log agent would post it in one batch. */
function decidingBatch(
  matchId: number,
  nameCmd: string,
  players: { challenger: string[]; opponent: string[] },
) {
  const guid = () => crypto.randomBytes(16).toString('hex');
  const log = generateMatchLog({
    seed: matchId,
    challenger: players.challenger.map((name) => ({ guid: guid(), name })),
    opponent: players.opponent.map((name) => ({ guid: guid(), name })),
    maps: [{ nameCmd, challengerRounds: 13, opponentRounds: 7 }],
  });
  // The platform's server configuration tags the game with its match (`sets _versus_match`).
  const lines = log.lines.map((l) =>
    l.replace('\\fs_game\\', `\\_versus_match\\${String(matchId)}\\fs_game\\`),
  );
  return {
    batchId: `kill-test-${String(matchId)}`,
    fileKey: 'games_mp.log',
    startOffset: 0,
    endOffset: lines.reduce((n, l) => n + l.length + 1, 0),
    lines,
  };
}

// The server process runs on its own PGlite folder whatever the project: run once, in the `server` project.
describe.skipIf(process.env.TEST_DB === 'postgres')('effects survive SIGKILL of the server process', () => {
  it('provision, release and the log result: missing when killed, there exactly once after the restart; the bracket advance too', async () => {
    data = await makeDataDir('versus-effects-kill-');
    proc = await startServerProcess(data.dir, ENV);
    const p = proc;

    // The pool: emulated servers in this process, registered as an admin would.
    const admin = await signIn(p, 'admin');
    const agentTokens: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const emu = await emulators.start();
      const res = await admin.call('POST', '/api/v1/admin/game-servers', {
        name: `Emulated ${String(emu.port)}`,
        host: '127.0.0.1',
        port: emu.port,
        rconPassword: emu.options.rconPassword,
        locationId: null,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      agentTokens.push(adminGameServerSavedAnswer.parse(res.body).data.agentToken ?? '');
    }

    // Staged first (their servers are taken by the staging itself).
    const scored = await stageScenario(p, 'score-entered');
    const cup = await stageScenario(p, 'tournament-score-entered');
    const live = await stageScenario(p, 'in-progress');
    const veto = await stageScenario(p, 'ladder-veto');
    const scoredCaptains = await signInCaptains(p, scored);
    const cupCaptains = await signInCaptains(p, cup);
    const liveCaptains = await signInCaptains(p, live);
    const vetoCaptains = await signInCaptains(p, veto);

    // 1. The last veto turn answers: in play, no server yet.
    const lastClick = await lastVetoClick(vetoCaptains, veto.matchId);
    expect((await lastClick()).status).toBeLessThan(300);
    expect(await serverBox(anyOf(vetoCaptains), veto.matchId)).toMatchObject({
      matchState: STATUS.inProgress,
      serverAvailable: false,
    });

    // 2. The score approved: finished, its server not released yet.
    expect((await serverBox(anyOf(scoredCaptains), scored.matchId)).serverAvailable).toBe(true);
    await approve(scoredCaptains, scored.matchId);
    expect(await serverBox(anyOf(scoredCaptains), scored.matchId)).toMatchObject({
      matchState: STATUS.finished,
      serverAvailable: true,
    });

    // 3. The agent's batch that decides the series is stored; the result is not entered yet.
    const liveBox = await serverBox(anyOf(liveCaptains), live.matchId);
    expect(liveBox.serverAvailable).toBe(true);
    const { data: liveMatch } = vetoMatchAnswer.parse(
      (await anyOf(liveCaptains).call('GET', `/api/v1/match/${String(live.matchId)}`)).body,
    );
    const played = liveMatch.maps.find((m) => m.mapOrder === 1)?.map.name_cmd ?? '';
    const body = decidingBatch(live.matchId, played, {
      challenger: live.challenger.players,
      opponent: live.opponent.players,
    });
    // The batch reaches the match only through its own server's agent: post it with each token once.
    let attributed = false;
    for (const token of agentTokens) {
      const agent = anonymousSession(p, { authorization: `Bearer ${token}` });
      const res = await agent.call('POST', '/api/v1/game-server-agent/batches', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (agentBatchAnswer.parse(res.body).data.unattributed === 0) attributed = true;
    }
    expect(attributed).toBe(true);
    expect((await scoreForm(anyOf(liveCaptains), live.matchId)).scoreEnteredFromLog).toBe(false);
    expect(await serverBox(anyOf(liveCaptains), live.matchId)).toMatchObject({
      matchState: STATUS.inProgress,
    });

    // 4. The bracket match's score approved: its winner is in the final at once (the same transaction).
    const winner = cup.challenger.team;
    expect(await finalTeams(anyOf(cupCaptains), cup.matchId)).not.toContain(winner);
    await approve(cupCaptains, cup.matchId);

    await killServerProcess(p);
    proc = await startServerProcess(data.dir, ENV);
    const q = proc;
    const again = async (captains: Captains) => signIn(q, [...captains.keys()][0] ?? '');

    // Provisioned at start, once.
    const vetoBox = await serverBox(await again(vetoCaptains), veto.matchId);
    expect(vetoBox).toMatchObject({ matchState: STATUS.inProgress, serverAvailable: true });
    // Released at start; each captain told of the approval once.
    for (const captain of scoredCaptains.keys()) {
      const s = await signIn(q, captain);
      expect(await serverBox(s, scored.matchId)).toMatchObject({
        matchState: STATUS.finished,
        serverAvailable: false,
      });
      expect(await toldAbout(s, scored.matchId, 'was approved')).toHaveLength(1);
    }
    // The log's result entered at start, once: each captain asked once to approve it.
    for (const captain of liveCaptains.keys()) {
      const s = await signIn(q, captain);
      expect(await scoreForm(s, live.matchId)).toMatchObject({ scoreEnteredFromLog: true });
      expect(await toldAbout(s, live.matchId, 'A score was entered')).toHaveLength(1);
    }
    expect(await serverBox(await again(liveCaptains), live.matchId)).toMatchObject({
      matchState: STATUS.scoreEntered,
    });
    // The winner went on to the final.
    expect(await finalTeams(await again(cupCaptains), cup.matchId)).toContain(winner);

    // Another kill and start: nothing runs twice (the same server, one notice each).
    await killServerProcess(q);
    proc = await startServerProcess(data.dir, ENV);
    const r = proc;
    expect(
      (await serverBox(await signIn(r, [...vetoCaptains.keys()][0] ?? ''), veto.matchId)).gameServerUuid,
    ).toBe(vetoBox.gameServerUuid);
    for (const captain of liveCaptains.keys()) {
      expect(await toldAbout(await signIn(r, captain), live.matchId, 'A score was entered')).toHaveLength(1);
    }
    await killServerProcess(r);
    proc = null;
  }, 600_000);
});

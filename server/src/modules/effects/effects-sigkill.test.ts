// The effects outbox against the real server process: `node server/src/server.ts` on a PGlite data folder
// and a free port, driven over HTTP, killed with SIGKILL and started again on the same data. What a
// committed change owed the world (a game server at the veto's end; its release and the captains'
// notification at the finish) is there exactly once after the restart; a kill in flight leaves either the
// whole change with its effects or none of it.
import { matchServerAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { notificationsPageSchema } from '@versus/common/api/notifications';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killServerProcess as kill,
  makeDataDir,
  signIn as session,
  signInCaptains as captainsOf,
  stageScenario as stage,
  startServerProcess,
  type ProcessSession as Session,
  type ServerProcess as Proc,
} from '../../test/server-process.ts';

let data: Awaited<ReturnType<typeof makeDataDir>> | null = null;
let proc: Proc | null = null;
const start = () => startServerProcess(data?.dir ?? '');

afterAll(async () => {
  if (proc) await kill(proc);
  await data?.remove();
});

/** The veto as the room shows it: the captain on turn, the first open map, how many are open. */
async function vetoTurn(sessions: Map<string, Session>, matchId: number) {
  const [any] = sessions.values();
  if (!any) throw new Error('no captain');
  const { data } = vetoMatchAnswer.parse((await any.call('GET', `/api/v1/match/${String(matchId)}`)).body);
  const open = data.maps.filter((m) => m.mapIndex === null);
  const onTurn = [data.challengerUser, data.opponentUser].find((u) => u?.id === data.vetoDetail?.userId);
  const s = onTurn ? sessions.get(onTurn.username) : undefined;
  if (!s || !open[0]) throw new Error(`no veto turn in match ${String(matchId)}`);
  const click = () => s.call('POST', `/api/v1/match/${String(matchId)}/map/${String(open[0]?.id)}`);
  return { open: open.length, click };
}

/** Plays the veto over HTTP up to its last turn (two maps open: the click leaves the decider). */
async function toLastVetoTurn(sessions: Map<string, Session>, matchId: number) {
  for (;;) {
    const turn = await vetoTurn(sessions, matchId);
    if (turn.open <= 2) return turn;
    expect((await turn.click()).status).toBeLessThan(300);
  }
}

async function serverBox(s: Session, matchId: number) {
  return matchServerAnswer.parse((await s.call('GET', `/api/v1/match/${String(matchId)}/server`)).body).data;
}

// The server process runs on its own PGlite folder whatever the project: run once, in the `server` project.
describe.skipIf(process.env.TEST_DB === 'postgres')('effects survive SIGKILL of the server process', () => {
  it('provision after the last veto, release and notify after the finish: exactly once after restart', async () => {
    data = await makeDataDir('versus-effects-kill-');
    proc = await start();

    // 1. The last veto turn answers, then the process is killed at once.
    const vetoA = await stage(proc, 'ladder-veto');
    const captainsA = await captainsOf(proc, vetoA);
    const lastA = await toLastVetoTurn(captainsA, vetoA.matchId);
    // 2. A second match at its last turn, killed while the click is in flight (commit or not).
    const vetoB = await stage(proc, 'ladder-veto');
    const captainsB = await captainsOf(proc, vetoB);
    const lastB = await toLastVetoTurn(captainsB, vetoB.matchId);
    // 3. A score to approve after the restart.
    const scored = await stage(proc, 'score-entered');
    expect((await lastA.click()).status).toBeLessThan(300);
    // Killed as soon as another client sees the veto committed or the click answers, whichever is first
    // (the answer waits for the effects carried out after the commit; the window between is short).
    let answered = false;
    const inFlight = lastB
      .click()
      .catch(() => null)
      .finally(() => (answered = true));
    const watcher = [...captainsB.values()][0] as Session;
    const watch = async () => {
      while (!answered) {
        const seen = await watcher.call('GET', `/api/v1/match/${String(vetoB.matchId)}`).catch(() => null);
        if (seen && vetoMatchAnswer.parse(seen.body).data.statusId !== STATUS.mapVeto) return;
      }
    };
    // Several watchers, so one of them reads soon after the commit.
    await Promise.race([watch(), watch(), watch(), watch()]);
    await kill(proc);
    await inFlight;

    proc = await start();
    const viewerA = await session(proc, [...captainsA.keys()][0] ?? '');
    const boxA = await serverBox(viewerA, vetoA.matchId);
    expect(boxA).toMatchObject({ serverAvailable: true, matchState: STATUS.inProgress });
    const viewerB = await session(proc, [...captainsB.keys()][0] ?? '');
    const boxB = await serverBox(viewerB, vetoB.matchId);
    // All of the change or none of it: in play with its server, or still at the veto without one.
    if (boxB.matchState === STATUS.inProgress) expect(boxB.serverAvailable).toBe(true);
    else expect(boxB).toMatchObject({ matchState: STATUS.mapVeto, serverAvailable: false });

    // 4. The score approved, the process killed right after the answer.
    const captainsS = [scored.challenger.captain, scored.opponent.captain].filter((c) => c !== null);
    const sessionsS = await Promise.all(captainsS.map((c) => session(proc as Proc, c)));
    expect((await serverBox(sessionsS[0] as Session, scored.matchId)).serverAvailable).toBe(true);
    let approved = false;
    for (const s of sessionsS) {
      const res = await s.call('POST', `/api/v1/match-detail/score/form/${String(scored.matchId)}/approve`, {
        approve: true,
      });
      if (res.status === 200) {
        approved = true;
        break;
      }
    }
    expect(approved).toBe(true);
    await kill(proc);

    proc = await start();
    // The first match still has its one server (resumed, not provisioned twice).
    const againA = await serverBox(await session(proc, [...captainsA.keys()][0] ?? ''), vetoA.matchId);
    expect(againA.gameServerUuid).toBe(boxA.gameServerUuid);
    // The finished match's server is released; each captain was told once.
    for (const captain of captainsS) {
      const s = await session(proc, captain);
      expect(await serverBox(s, scored.matchId)).toMatchObject({
        matchState: STATUS.finished,
        serverAvailable: false,
      });
      const page = notificationsPageSchema.parse((await s.call('GET', '/api/v1/notification')).body);
      const told = page.data.filter(
        (n) => n.message.includes('was approved') && n.data.redirectUrl?.includes(String(scored.matchId)),
      );
      expect(told).toHaveLength(1);
    }
    await kill(proc);
    proc = null;
  }, 600_000);
});

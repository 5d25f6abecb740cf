// The veto's last turn answers once its change is committed and broadcast; the game server it asks for is
// provisioned after that answer, and the room learns of it from the realtime update sent when it is ready.
// A provider held until the test releases it shows both moments apart.
import { challengeAnswer } from '@versus/common/api/ladders';
import { matchServerAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { matchDetailUpdateChannel } from '@versus/common/realtime';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  eventually,
  expectAnswer,
  ladderId,
  signIn,
  teamIdOf,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { gameServersOf } from './game-server.registry.ts';

describe('the last veto turn and its game server', () => {
  let t: TestApp;
  let p1: TestClient; // captain of red-dragons (challenger)
  let p6: TestClient; // captain of northern-wolves (challenged, acts first)
  let release: () => void = () => undefined;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await signIn(t.app, 'player1');
    p6 = await signIn(t.app, 'player6');
  });
  afterAll(async () => {
    release();
    await t.close();
  });

  const serverBox = async (id: number) =>
    expectAnswer(await p1.get(`/api/v1/match/${String(id)}/server`), matchServerAnswer).data;

  it('answers while the server is still being provisioned; the server box fills in once it is', async () => {
    const provider = gameServersOf(t.app.ctx).provider;
    const provision = provider.provision.bind(provider);
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    vi.spyOn(provider, 'provision').mockImplementation(async (request) => {
      asked += 1;
      await held;
      return provision(request);
    });

    const ladder = await ladderId(t.app);
    const challenge = await p1.post(`/api/v1/ladders/${String(ladder)}/challenges`, {
      opponentTeamId: await teamIdOf(t.app, 'northern-wolves'),
    });
    const id = expectAnswer(challenge, challengeAnswer, 201).data.id;
    expect((await p6.post(`/api/v1/match-detail/status/${String(id)}/accept`)).status).toBe(200);
    let last = null;
    for (;;) {
      const match = expectAnswer(await p1.get(`/api/v1/match/${String(id)}`), vetoMatchAnswer).data;
      const open = match.maps.filter((m) => m.pickedByTeamId === null && m.removedByTeamId === null);
      if (open.length <= 1) break;
      const captain = match.vetoDetail?.userId === match.challengerUser?.id ? p1 : p6;
      last = await captain.post(`/api/v1/match/${String(id)}/map/${String(open[0]?.id ?? 0)}`);
      expect(last.status).toBe(200);
    }
    expect(last?.status).toBe(200);

    // Answered with the provider still holding: the room shows the match in play, no server yet.
    await eventually(() => expect(asked).toBe(1));
    expect(await serverBox(id)).toMatchObject({ matchState: STATUS.inProgress, serverAvailable: false });
    const sentBefore = t.published.length;

    release();
    // The room's update naming its server box, then the box with the server's details.
    await eventually(() =>
      expect(
        t.published
          .slice(sentBefore)
          .some(
            (p) =>
              p.event === 'MatchDetailUpdate' &&
              p.channel === matchDetailUpdateChannel(id) &&
              JSON.stringify(p.payload).includes('"changed":["server"]'),
          ),
      ).toBe(true),
    );
    expect(await serverBox(id)).toMatchObject({
      matchState: STATUS.inProgress,
      serverAvailable: true,
      canSeeServer: true,
    });
    expect(asked).toBe(1);
  });
});

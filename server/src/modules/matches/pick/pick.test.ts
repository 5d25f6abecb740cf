import { STATUS } from '@versus/common/match/statuses';
import { playerPickerEvent, pickDataAnswer } from '@versus/common/api/pick';
import { matchDetailUpdateEvent } from '@versus/common/api/realtime-events';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import type { PickData } from '@versus/common/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, soloQueues } from '../../../db/schema/index.ts';
import {
  buildTestApp,
  expectAnswer,
  joinAndAcceptAll,
  signIn,
  T0,
  type TestApp,
  TestClient,
} from '../../../test/index.ts';

describe('player select (pug) API', () => {
  let t: TestApp;
  const clients = new Map<string, TestClient>();

  beforeAll(async () => {
    t = await buildTestApp();
    for (let i = 1; i <= 20; i += 1)
      clients.set(`player${String(i)}`, await signIn(t.app, `player${String(i)}`));
  });
  afterAll(async () => {
    await t.close();
  });

  const client = (name: string): TestClient => {
    const c = clients.get(name);
    if (!c) throw new Error(name);
    return c;
  };

  /** Players `from`..`from+9` join the queue one after the other and all accept the pop: the match forms. */
  async function formMatch(from: number): Promise<number> {
    const [queue] = await t.app.db.select().from(soloQueues);
    const players = Array.from({ length: 10 }, (_, i) => client(`player${String(from + i)}`));
    return joinAndAcceptAll(players, queue?.id ?? 0);
  }

  const pug = async (id: number) =>
    expectAnswer(await new TestClient(t.app).get(`/api/v1/pug/${String(id)}/users`), pickDataAnswer).data;
  const pick = (who: string, id: number, user: { id: number } | undefined) =>
    client(who).post(`/api/v1/pug/${String(id)}/select/${String(user?.id ?? 0)}`);
  const pool = (data: PickData) => data.users.filter((u) => u.teamId === -1);

  it('answers the pug data, lets only the captain due pick, in snake order, then opens the location vote', async () => {
    const id = await formMatch(1);
    const data = await pug(id);
    // Ratings grow with the player number: player10 and player9 captain; the lower-rated (player9) picks first.
    expect(data).toMatchObject({
      challengerTeamId: 1,
      opponentTeamId: 2,
      challengerUser: { username: 'player9' },
      opponentUser: { username: 'player10' },
      pickerTeamId: 1,
      timeRemaining: Math.floor((T0 + 30_000) / 1000),
    });
    expect(data.users).toHaveLength(10);
    expect(Object.keys(data.users[0] ?? {}).sort()).toEqual(
      ['backgroundColor', 'className', 'color', 'elo', 'id', 'image', 'teamId', 'username'].sort(),
    );
    expect(pool(data).map((u) => u.username)).toEqual(names(8, 1));

    const target = pool(data)[3];
    expect((await new TestClient(t.app).post(`/api/v1/pug/${String(id)}/select/1`)).status).toBe(401);
    expect(await pick('player15', id, target)).toMatchObject({
      status: 403,
      body: { message: MATCH_TEXTS.pickNotCaptain },
    });
    expect(await pick('player3', id, target)).toMatchObject({ status: 403 });
    expect(await pick('player10', id, target)).toMatchObject({
      status: 422,
      body: { message: MATCH_TEXTS.pickNotYourTurn },
    });
    const otherCaptain = data.users.find((u) => u.username === 'player10');
    expect(await pick('player9', id, otherCaptain)).toMatchObject({
      status: 422,
      body: { message: MATCH_TEXTS.pickNotAvailable },
    });
    expect((await client('player9').post(`/api/v1/pug/${String(id)}/select/x`)).status).toBe(404);
    expect((await new TestClient(t.app).get('/api/v1/pug/999999/users')).status).toBe(404);

    expect(await pick('player9', id, target)).toMatchObject({
      status: 200,
      body: { message: `<b>${target?.username ?? ''}</b> was picked successfully.` },
    });
    const picker = t.published.filter((p) => p.channel === `match-player-picker.${String(id)}`);
    const last = playerPickerEvent.parse(picker.at(-1)?.payload);
    expect(last.pug).toEqual(await pug(id));
    expect(last.pug?.pickerTeamId).toBe(2);
    expect(t.published.at(-1)).toMatchObject({ channel: `match-detail-update.${String(id)}` });
    // With the detail and the panels the pick changed: a spectator's room refetches those only.
    const update = matchDetailUpdateEvent.parse(t.published.at(-1)?.payload);
    expect(update.changed).toEqual(['players', 'lineup']);
    expect(update.detail?.id).toBe(id);

    // Snake order: 1, then 2, 2, 1, 1, 2, 2; the last player joins the team due (1).
    const order: number[] = [1];
    for (let step = 1; step < 7; step += 1) {
      const now = await pug(id);
      order.push(now.pickerTeamId ?? 0);
      const who = now.pickerTeamId === 1 ? 'player9' : 'player10';
      expect((await pick(who, id, pool(now)[0])).status).toBe(200);
    }
    expect(order).toEqual([1, 2, 2, 1, 1, 2, 2]);
    const done = await pug(id);
    expect(done).toMatchObject({ pickerTeamId: null, timeRemaining: null });
    expect(pool(done)).toHaveLength(0);
    expect(done.users.filter((u) => u.teamId === 1)).toHaveLength(5);
    expect(done.users.filter((u) => u.teamId === 2)).toHaveLength(5);
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    expect(row?.statusId).toBe(STATUS.locationSelect);
    expect(await pick('player9', id, target)).toMatchObject({
      status: 422,
      body: { message: MATCH_TEXTS.pickWrongStatus },
    });
  });

  it('picks the highest-rated available player for the captain when the pick times out', async () => {
    const id = await formMatch(11);
    const before = await pug(id);
    // The two highest-rated captain; the lower-rated (player19) picks first.
    expect(before.challengerUser?.username).toBe('player19');
    const deadline = (before.timeRemaining ?? 0) * 1000;
    t.clock.time = deadline;
    expect(await pick('player19', id, pool(before)[1])).toMatchObject({
      status: 409,
      body: { message: MATCH_TEXTS.pickTurnOver },
    });
    await t.app.matchSweeper.sweepOnce();
    const after = await pug(id);
    expect(after.users.find((u) => u.username === 'player18')?.teamId).toBe(1);
    expect(after).toMatchObject({ pickerTeamId: 2, timeRemaining: Math.floor(deadline / 1000) + 30 });
  });
});

/** `player{from}` down to `player{to}`. */
function names(from: number, to: number): string[] {
  return Array.from({ length: from - to + 1 }, (_, i) => `player${String(from - i)}`);
}

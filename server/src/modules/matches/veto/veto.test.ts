import { STATUS } from '@versus/common/match/statuses';
import { challengeAnswer } from '@versus/common/api/ladders';
import { matchServerAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maps, matchMaps, matches } from '../../../db/schema/index.ts';
import {
  buildTestApp,
  cancelMatchesInPlay,
  eventually,
  expectAnswer,
  ladderId,
  signIn,
  teamIdOf,
  type TestApp,
  TestClient,
} from '../../../test/index.ts';

describe('map veto over the API', () => {
  let t: TestApp;
  let p1: TestClient; // captain of red-dragons (challenger)
  let p6: TestClient; // captain of northern-wolves (challenged: team A, acts first)
  let p11: TestClient;
  let ladder: number;
  let wolves: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ladder = await ladderId(t.app);
    wolves = await teamIdOf(t.app, 'northern-wolves');
    p1 = await signIn(t.app, 'player1');
    p6 = await signIn(t.app, 'player6');
    p11 = await signIn(t.app, 'player11');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fresh red-dragons vs northern-wolves match in the veto. */
  async function vetoMatch(bestOf: 1 | 3 | 5 = 1): Promise<number> {
    await cancelMatchesInPlay(t.app); // the earlier tests' matches hold the same players
    const res = await p1.post(`/api/v1/ladders/${String(ladder)}/challenges`, {
      opponentTeamId: wolves,
      bestOf,
    });
    const { id } = expectAnswer(res, challengeAnswer, 201).data;
    const accepted = await p6.post(`/api/v1/match-detail/status/${String(id)}/accept`);
    expect(accepted.status).toBe(200);
    return id;
  }

  const getMatch = async (id: number) =>
    expectAnswer(await p1.get(`/api/v1/match/${String(id)}`), vetoMatchAnswer).data;
  const click = (client: TestClient, id: number, mapId: number) =>
    client.post(`/api/v1/match/${String(id)}/map/${String(mapId)}`);
  const validator = (text: string) => ({ status: 422, body: { errors: { validator: [text] } } });

  it('applies a turn and refuses every illegal click with the spec text', async () => {
    const id = await vetoMatch();
    const match = await getMatch(id);
    expect(match.vetoDetail).toMatchObject({ teamId: wolves, step: 'ban' });
    expect(match.detail.teamA.teamId).toBe(wolves);
    const [first, second] = match.maps;
    if (!first || !second) throw new Error('no maps');

    expect(
      (await new TestClient(t.app).post(`/api/v1/match/${String(id)}/map/${String(first.id)}`)).status,
    ).toBe(401);
    expect(await click(p11, id, first.id)).toMatchObject(
      validator(`${MATCH_TEXTS.vetoNotParticipantPrefix} player1, player6`),
    );
    expect(await click(p1, id, first.id)).toMatchObject(validator(MATCH_TEXTS.vetoNotYourTurn));
    expect(await click(p6, id, first.id)).toMatchObject({
      status: 200,
      body: { message: `${first.map.name} - selected successfully.` },
    });
    expect(await click(p1, id, first.id)).toMatchObject(
      validator(`${first.map.name} - is already picked/banned!`),
    );
    const [pipeline] = await t.app.db
      .select({ id: maps.id })
      .from(maps)
      .where(eq(maps.nameCmd, 'mp_pipeline'));
    expect(await click(p1, id, pipeline?.id ?? 0)).toMatchObject(validator(MATCH_TEXTS.vetoMapNotInPool));

    const after = await getMatch(id);
    expect(after.maps[0]).toMatchObject({
      removedByTeamId: wolves,
      removedByTeamName: 'Northern Wolves',
      mapIndex: 1,
    });
    const published = t.published.filter((p) => p.channel === `match-map-veto.${String(id)}`);
    expect(published.at(-1)?.payload).toEqual({ match: after });

    // From the deadline on, the turn belongs to the sweeper.
    t.clock.time = (after.timeRemaining ?? 0) * 1000;
    expect(await click(p1, id, second.id)).toMatchObject({
      status: 409,
      body: { message: MATCH_TEXTS.vetoTurnOver },
    });
    expect(await t.app.matchSweeper.sweepOnce()).toBe(1);
    const swept = await getMatch(id);
    expect(swept.maps.filter((m) => m.removedByTeamId === -1)).toHaveLength(1);
    expect(swept.maps.find((m) => m.removedByTeamId === -1)?.removedByTeamName).toBe('System');
  });

  it('refuses a click outside the veto', async () => {
    const res = await p1.post(`/api/v1/ladders/${String(ladder)}/challenges`, {
      opponentTeamId: await teamIdOf(t.app, 'silent-vipers'),
    });
    const { id } = expectAnswer(res, challengeAnswer, 201).data;
    const match = await getMatch(id);
    expect(match.statusId).toBe(STATUS.challenge);
    expect(await click(p1, id, match.maps[0]?.id ?? 0)).toMatchObject(validator(MATCH_TEXTS.vetoWrongStatus));
    await p1.post(`/api/v1/match-detail/status/${String(id)}/cancel`);
  });

  it('plays a whole BO3 veto: picks in play order, then the decider and a game server', async () => {
    const id = await vetoMatch(3);
    for (let i = 0; i < 6; i += 1) {
      const match = await getMatch(id);
      const turnClient = match.vetoDetail?.teamId === wolves ? p6 : p1;
      const free = match.maps.find((m) => m.pickedByTeamId === null && m.removedByTeamId === null);
      expect((await click(turnClient, id, free?.id ?? 0)).status).toBe(200);
    }
    const done = await getMatch(id);
    expect(done.statusId).toBe(STATUS.inProgress);
    expect(done.timeRemaining).toBeNull();
    const played = done.maps
      .filter((m) => m.mapOrder !== null)
      .sort((a, b) => (a.mapOrder ?? 0) - (b.mapOrder ?? 0));
    expect(played.map((m) => [m.mapIndex, m.deciderMap])).toEqual([
      [3, false],
      [4, false],
      [7, true],
    ]);
    expect(played[0]?.pickedByTeamId).toBe(wolves);
    // Provisioned after the last turn's answer: the box fills in shortly after.
    await eventually(async () => {
      const server = await p6.get(`/api/v1/match/${String(id)}/server`);
      expect(expectAnswer(server, matchServerAnswer).data.serverAvailable).toBe(true);
    });
  });

  it('applies 50 concurrent clicks on one turn exactly once', async () => {
    const id = await vetoMatch();
    const match = await getMatch(id);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => click(p6, id, match.maps[i % 6]?.id ?? 0)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 422)).toBe(true);
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, id));
    expect(row?.vetoStep).toBe(1);
    const acted = await t.app.db.select().from(matchMaps).where(eq(matchMaps.matchId, id));
    expect(acted.filter((m) => m.mapIndex !== null)).toHaveLength(1);
  });

  it('a click at the deadline races the sweeper: exactly one wins', async () => {
    for (let round = 0; round < 4; round += 1) {
      // Start each match on a whole second: its deadline is then exactly `timeRemaining` (whole seconds) and
      // "one millisecond before the deadline" is what the test says (the last round left the clock at ...999).
      t.clock.time = Math.ceil(t.clock.time / 1000) * 1000;
      const id = await vetoMatch();
      const match = await getMatch(id);
      const deadline = (match.timeRemaining ?? 0) * 1000;
      t.clock.time = deadline - 1; // the click is still in time; the sweeper runs as of the deadline
      const [clickResult] = await Promise.all([
        click(p6, id, match.maps[round]?.id ?? 0),
        t.app.matchSweeper.sweepOnce(deadline),
      ]);
      const [row] = await t.app.db.select().from(matches).where(eq(matches.id, id));
      expect(row?.vetoStep).toBe(1);
      const acted = (await t.app.db.select().from(matchMaps).where(eq(matchMaps.matchId, id))).filter(
        (m) => m.mapIndex !== null,
      );
      expect(acted).toHaveLength(1);
      // Either the captain's ban (and the sweeper found nothing due) or the system's, never both.
      expect(acted[0]?.isAuto).toBe(clickResult.status !== 200);
      expect(acted[0]?.removedBySide).toBe(clickResult.status === 200 ? 2 : -1);
      const admin = await signIn(t.app, 'admin');
      await admin.post(`/api/v1/match-detail/status/${String(id)}/cancel`);
    }
  });
});

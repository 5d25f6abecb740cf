import { vetoMatchAnswer } from '@versus/common/api/matches';
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaps, matches } from '../../../db/schema/index.ts';
import { stageScenario } from '../../dev/index.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp } from '../../../test/index.ts';

// A veto turn on a match this instance holds is written by one statement that checks the held version
// (docs/match-engine.md); when another instance changed the match meanwhile, nothing of it is written and
// the turn is decided again on the locked row.
describe('a veto turn on a match another instance changed', () => {
  let t: TestApp;
  let other: TestApp; // a second instance on the same database

  beforeAll(async () => {
    t = await buildTestApp();
    other = await buildTestApp({ database: t.database, clock: t.clock });
  });
  afterAll(async () => {
    await other.closeApp();
    await t.close();
  });

  it('is decided on the match as stored, not on the copy this instance held', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-veto');
    const here = await signIn(t.app, 'player6');
    const there = await signIn(other.app, 'player6');
    const path = `/api/v1/match/${String(matchId)}`;
    const before = expectAnswer(await here.get(path), vetoMatchAnswer).data; // held by this instance
    const [first, second] = before.maps;
    if (!first || !second) throw new Error('no maps');
    const version = async () =>
      (await t.app.db.select({ version: matches.version }).from(matches).where(eq(matches.id, matchId)))[0]
        ?.version;
    const held = await version();

    // The other instance plays the turn: this one's copy still shows it open.
    expect((await there.post(`${path}/map/${String(first.id)}`)).status).toBe(200);
    const res = await here.post(`${path}/map/${String(second.id)}`);
    // The locked row says the turn is the other captain's now.
    expect(res).toMatchObject({
      status: 422,
      body: { errors: { validator: [MATCH_TEXTS.vetoNotYourTurn] } },
    });
    expect(await version()).toBe((held ?? 0) + 1);
    const rows = await t.app.db
      .select({ mapIndex: matchMaps.mapIndex })
      .from(matchMaps)
      .where(and(eq(matchMaps.matchId, matchId), eq(matchMaps.mapId, second.id)));
    expect(rows).toEqual([{ mapIndex: null }]);
  });
});

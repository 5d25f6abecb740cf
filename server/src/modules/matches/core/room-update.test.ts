import { STATUS } from '@versus/common/match/statuses';
import { matchDetailAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { matchDetailUpdateEvent } from '@versus/common/api/realtime-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, postScore, stage } from '../testing.ts';
import { MATCH_DETAIL_UPDATE_MAX_BYTES, fitToEvent } from './match-reads.ts';
import { buildTestApp, expectAnswer, signIn, type TestApp, type TestClient } from '../../../test/index.ts';

describe('MatchDetailUpdate carries the room as a spectator reads it', () => {
  let t: TestApp;
  let p1: TestClient; // challenger captain
  let p6: TestClient; // opponent captain
  let spectator: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await signIn(t.app, 'player1');
    p6 = await signIn(t.app, 'player6');
    spectator = await signIn(t.app, 'player20');
  });
  afterAll(async () => {
    await t.close();
  });

  const lastUpdate = (id: number) => {
    const sent = t.published.filter(
      (p) => p.channel === `match-detail-update.${String(id)}` && p.event === 'MatchDetailUpdate',
    );
    return matchDetailUpdateEvent.parse(sent.at(-1)?.payload);
  };
  const spectatorReads = async (id: number) => ({
    detail: expectAnswer(await spectator.get(`/api/v1/match-detail/${String(id)}`), matchDetailAnswer).data,
    veto: expectAnswer(await spectator.get(`/api/v1/match/${String(id)}`), vetoMatchAnswer).data,
  });

  it('sends the detail and the veto match a spectator would refetch, who takes part, and what else changed', async () => {
    const id = await stage(t.app, 'in-progress');
    expect((await postScore(p1, id, 13, 2)).status).toBe(200);
    const entered = lastUpdate(id);
    const read = await spectatorReads(id);
    expect(entered.matchId).toBe(id);
    expect(entered.detail).toEqual(read.detail);
    expect(entered.detail?.statusId).toBe(STATUS.scoreEntered);
    expect(entered.veto).toEqual(read.veto);
    const playerIds = [...read.detail.teams.challenger.players, ...read.detail.teams.opponent.players].map(
      (p) => p.id,
    );
    expect(entered.participantIds).toEqual(expect.arrayContaining([...playerIds, 1, 6]));
    expect(entered.participantIds).not.toContain(20);
    // The entered score shows in the statistics' maps; nobody joined and no rating moved.
    expect(entered.changed).toEqual(['statistics']);

    expect((await approve(p6, id, 1)).status).toBe(200);
    const finished = lastUpdate(id);
    const after = await spectatorReads(id);
    expect(finished.detail).toEqual(after.detail);
    expect(finished.detail?.statusId).toBe(STATUS.finished);
    expect(finished.changed).toEqual(expect.arrayContaining(['statistics', 'ratings']));
  });

  it('stays within one realtime event: without the veto match, else with the match id only', async () => {
    const id = await stage(t.app, 'in-progress');
    expect((await postScore(p1, id, 13, 2)).status).toBe(200);
    const whole = lastUpdate(id);
    expect(Buffer.byteLength(JSON.stringify(whole))).toBeLessThanOrEqual(MATCH_DETAIL_UPDATE_MAX_BYTES);
    expect(fitToEvent(whole)).toBe(whole);

    const padding = 'x'.repeat(MATCH_DETAIL_UPDATE_MAX_BYTES);
    const bigVeto = {
      ...whole,
      veto: whole.veto && { ...whole.veto, challengerTeam: { id: 1, tag: padding } },
    };
    const trimmed = fitToEvent(bigVeto);
    expect(trimmed.veto).toBeUndefined();
    expect(trimmed.detail).toEqual(whole.detail);
    const bigDetail = {
      ...whole,
      detail: whole.detail && {
        ...whole.detail,
        information: { ...whole.detail.information, statusName: padding },
      },
    };
    expect(fitToEvent(bigDetail)).toEqual({ matchId: id });
  });
});

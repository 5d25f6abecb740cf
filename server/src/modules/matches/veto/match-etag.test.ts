// The match room's shared reads through HTTP: bytes encoded once per version with an ETag, 304 for a
// matching If-None-Match, and a new tag and body (never the old one) after a command changes the match.
import { matchDetailAnswer, vetoMatchAnswer } from '@versus/common/api/matches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageScenario } from '../../dev/index.ts';
import { buildTestApp, expectAnswer, type TestApp } from '../../../test/index.ts';

describe('GET /api/v1/match/{id} and /api/v1/match-detail/{id} with ETag', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers the same bytes and tag to every viewer, 304 to a viewer who holds them', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-veto');
    const url = `/api/v1/match/${String(matchId)}`;
    const signedOut = await get(url);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(signedOut.headers['cache-control']).toBe('private, no-cache');
    const etag = String(signedOut.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expectAnswer({ status: signedOut.statusCode, body: signedOut.json() }, vetoMatchAnswer);

    const viewer = await t.signIn('player20');
    const signedIn = await viewer.get(url);
    expect(signedIn.headers.etag).toBe(etag);
    expect(JSON.stringify(signedIn.body)).toBe(signedOut.body);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect(logged.filter((line) => line.includes('already sent'))).toEqual([]);
  });

  it('changes the tag and the body when a command changes the match, never a stale body', async () => {
    const { matchId } = await stageScenario(t.app.ctx, 'ladder-veto');
    const url = `/api/v1/match/${String(matchId)}`;
    const detailUrl = `/api/v1/match-detail/${String(matchId)}`;
    const before = await get(url);
    const etag = String(before.headers.etag);
    const detailBefore = await get(detailUrl);
    const detailTag = String(detailBefore.headers.etag);
    expect(detailTag).toMatch(/^"[\w-]{27}"$/);
    expect((await get(detailUrl, { 'if-none-match': detailTag })).statusCode).toBe(304);

    const captain = await t.signIn('player6');
    const [first] = expectAnswer({ status: before.statusCode, body: before.json() }, vetoMatchAnswer).data
      .maps;
    const click = await captain.post(`/api/v1/match/${String(matchId)}/map/${String(first?.id)}`);
    expect(click.status).toBe(200);

    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const maps = expectAnswer({ status: after.statusCode, body: after.json() }, vetoMatchAnswer).data.maps;
    expect(maps.filter((m) => m.removedByTeamId !== null)).toHaveLength(1);
    expect((await get(url, { 'if-none-match': String(after.headers.etag) })).statusCode).toBe(304);

    // The rest of the veto (player1, then player6 in turn): it ends, and the detail page moves on with it.
    const other = await t.signIn('player1');
    for (const [step, map] of maps
      .filter((m) => m.removedByTeamId === null)
      .slice(0, 5)
      .entries()) {
      const turn = await (step % 2 === 0 ? other : captain).post(
        `/api/v1/match/${String(matchId)}/map/${String(map.id)}`,
      );
      expect(turn.status).toBe(200);
    }
    const detailAfter = await get(detailUrl, { 'if-none-match': detailTag });
    expect(detailAfter.statusCode).toBe(200);
    expect(detailAfter.headers.etag).not.toBe(detailTag);
    const detail = expectAnswer(
      { status: detailAfter.statusCode, body: detailAfter.json() },
      matchDetailAnswer,
    );
    expect(detail.data.statusId).not.toBe(
      expectAnswer({ status: detailBefore.statusCode, body: detailBefore.json() }, matchDetailAnswer).data
        .statusId,
    );
  });

  it('answers 404 for an unknown match, with no tag', async () => {
    const res = await get('/api/v1/match/99999999', { 'if-none-match': '*' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});

import { validationErrorAnswer } from '@versus/common/api/primitives';
import { teamListAnswer } from '@versus/common/api/teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, teams } from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, type TestApp, type TestClient } from '../../test/index.ts';

// `GET /api/v1/teams`: every team (the /teams page), the viewer's own first, 20 a page, searchable.
describe('the list of every team', () => {
  let t: TestApp;
  let p6: TestClient;
  let anon: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p6 = await t.signIn('player6');
    anon = t.client();
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (client: TestClient, query = '') =>
    expectAnswer(await client.get(`/api/v1/teams${query}`), teamListAnswer);

  it('lists every team to anyone, by rating; the viewer’s own team first', async () => {
    const all = await list(anon);
    expect(all.data.map((team) => team.name)).toEqual([
      'Red Dragons',
      'Northern Wolves',
      'Silent Vipers',
      'Iron Phantoms',
    ]);
    expect(all.data[0]).toEqual({
      id: expect.any(Number) as number,
      name: 'Red Dragons',
      tag: 'RDG',
      slug: 'red-dragons',
      url: '/team/red-dragons',
      image: null,
      rating: 1150,
      members: 5,
      isMember: false,
      isCaptain: false,
    });
    expect(all.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 4, from: 1, to: 4 });

    const mine = await list(p6);
    expect(mine.data.map((team) => [team.slug, team.isMember, team.isCaptain])).toEqual([
      ['northern-wolves', true, true],
      ['red-dragons', false, false],
      ['silent-vipers', false, false],
      ['iron-phantoms', false, false],
    ]);
  });

  it('searches name or tag, case-insensitive, wildcards taken literally', async () => {
    expect((await list(anon, '?search=WOL')).data.map((team) => team.slug)).toEqual(['northern-wolves']);
    expect((await list(anon, '?search=svp')).data.map((team) => team.slug)).toEqual(['silent-vipers']);
    expect((await list(anon, '?search=%25')).meta.total).toBe(0);
    expect((await list(anon, '?search=_')).meta.total).toBe(0);
    expect((await list(anon, '?search=')).meta.total).toBe(4);
    const tooLong = await anon.get(`/api/v1/teams?search=${'x'.repeat(51)}`);
    expect(expectAnswer(tooLong, validationErrorAnswer, 422).errors.search).toEqual([
      'The search field must not be greater than 50 characters.',
    ]);
  });

  it('pages 20 at a time, the search kept in the links', async () => {
    const [game] = await t.app.db.select().from(games);
    await t.app.db.insert(teams).values(
      Array.from({ length: 21 }, (_, i) => ({
        gameId: game?.id ?? 0,
        name: `Paged Team ${String(i + 1).padStart(2, '0')}`,
        tag: `PT${String(i + 1)}`,
        slug: `paged-team-${String(i + 1)}`,
      })),
    );
    const first = await list(anon, '?search=paged');
    expect(first.data).toHaveLength(20);
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, total: 21 });
    expect(first.links.next).toBe('/api/v1/teams?page=2&search=paged');
    const second = await list(anon, '?page=2&search=paged');
    expect(second.data.map((team) => team.name)).toEqual(['Paged Team 21']);
    expect(second.links.next).toBeNull();
    // A bad page number is page 1.
    expect((await list(anon, '?page=abc')).meta.current_page).toBe(1);
  });
});

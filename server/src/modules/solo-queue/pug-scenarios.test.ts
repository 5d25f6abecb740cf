import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/index.ts';

describe('solo-queue scenarios', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['pug-pick', 10, 1],
    ['pug-location', 11, 5],
  ] as const)('stages %s', async (name, statusId, challengers) => {
    const admin = await signIn(t.app, 'admin');
    const res = await admin.post(`/api/v1/dev/scenarios/${name}`);
    expect(res.status).toBe(201);
    const data = (
      res.body as {
        data: {
          statusId: number;
          challenger: { captain: string; players: string[] };
          opponent: { captain: string };
        };
      }
    ).data;
    expect(data).toMatchObject({
      statusId,
      // The two highest-rated captain; the lower-rated (player9) picks first.
      challenger: { captain: 'player9' },
      opponent: { captain: 'player10' },
    });
    expect(data.challenger.players).toHaveLength(challengers);
  });
});

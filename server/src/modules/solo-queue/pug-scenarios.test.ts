import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApp, signIn } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';

describe('solo-queue scenarios', () => {
  let t: EngineTestApp;
  beforeAll(async () => {
    t = await createEngineTestApp();
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
      challenger: { captain: 'player10' },
      opponent: { captain: 'player9' },
    });
    expect(data.challenger.players).toHaveLength(challengers);
  });
});

import { scenarioAnswer } from '@versus/common/api/dev';
import { STATUS } from '@versus/common/match/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, signIn, type TestApp } from '../../test/index.ts';

describe('solo-queue scenarios', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['pug-pick', STATUS.playerSelect, 1],
    ['pug-location', STATUS.locationSelect, 5],
  ] as const)('stages %s', async (name, statusId, challengers) => {
    const admin = await signIn(t.app, 'admin');
    const res = await admin.post(`/api/v1/dev/scenarios/${name}`);
    const data = expectAnswer(res, scenarioAnswer, 201).data;
    expect(data).toMatchObject({
      statusId,
      // The two highest-rated captain; the lower-rated (player9) picks first.
      challenger: { captain: 'player9' },
      opponent: { captain: 'player10' },
    });
    expect(data.challenger.players).toHaveLength(challengers);
  });
});

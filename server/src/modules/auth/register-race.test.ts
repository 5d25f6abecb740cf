// Registrations racing for one email or one username: one account is made, and every loser is told which
// field was taken (PGlite by default, PostgreSQL in the "server-postgres" project, where the race is real).
import { authUserAnswer } from '@versus/common/api/auth';
import { validationErrorAnswer } from '@versus/common/api/primitives';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, type TestApp } from '../../test/index.ts';
import { REGISTER_TEXTS } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false, clock: 'real' });
});
afterAll(async () => {
  await t.close();
});

/** Ten registrations at once, each from an address of its own (the registration limit counts per address). */
function registerTen(subnet: number, account: (i: number) => { username: string; email: string }) {
  return Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      t
        .client(`10.62.${String(subnet)}.${String(i + 1)}`)
        .post('/api/v1/auth/register', { ...account(i), password: 'secret-password' }),
    ),
  );
}

describe('parallel registrations', () => {
  it('one email, ten free usernames: one account, every other answer is the email message', async () => {
    const answers = await registerTen(1, (i) => ({
      username: `racer_${String(i)}`,
      email: 'racer@example.test',
    }));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    const winner = answers.find((res) => res.status === 201);
    if (winner) expectAnswer(winner, authUserAnswer, 201);
    for (const res of answers.filter((r) => r.status !== 201)) {
      const body = expectAnswer(res, validationErrorAnswer, 422);
      expect(body).toEqual({
        message: REGISTER_TEXTS.emailTaken,
        errors: { email: [REGISTER_TEXTS.emailTaken] },
      });
    }
  });

  it('one username, ten free emails: every other answer is the username message', async () => {
    const answers = await registerTen(2, (i) => ({
      username: 'same_racer',
      email: `same_racer_${String(i)}@example.test`,
    }));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 201)) {
      const body = expectAnswer(res, validationErrorAnswer, 422);
      expect(body.errors).toEqual({ username: [REGISTER_TEXTS.usernameTaken] });
    }
  });
});

// A forgotten password reset by mail, through the HTTP API and a real SMTP server (the mail travels from
// nodemailer to smtp-server and is read back with mailparser), on PGlite and PostgreSQL.
import { authUserAnswer, forgotPasswordAnswer, resetPasswordAnswer } from '@versus/common/api/auth';
import { messageAnswer, validationErrorAnswer } from '@versus/common/api/primitives';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  expectAnswer,
  startMailInbox,
  type MailInbox,
  type ReceivedMail,
  type TestApp,
  type TestClient,
} from '../../test/index.ts';
import { PASSWORD_RESET_TEXTS } from './password-reset.texts.ts';

const LINK = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/;

function tokenIn(text: string): string {
  const token = LINK.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in:\n${text}`);
  return token;
}

describe('password reset by mail', () => {
  let t: TestApp;
  let inbox: MailInbox;

  beforeAll(async () => {
    inbox = await startMailInbox();
    t = await buildTestApp({ env: { SMTP_URL: inbox.url, SMTP_FROM: 'Versus <no-reply@versus.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  /** Asks for a link as a signed-out visitor and waits until the request's mail (if any) has gone out. */
  const ask = async (emailOrUsername: string, client: TestClient = t.client()) => {
    const res = await client.post('/api/v1/auth/forgot-password', { emailOrUsername });
    await t.app.mailer.idle();
    return res;
  };
  const mailTo = (address: string) => (m: ReceivedMail) => m.to.includes(address);
  const reset = (token: string, password: string) =>
    t.client().post('/api/v1/auth/reset-password', { token, password });
  const signInWith = (username: string, password: string) =>
    t.client().post('/api/v1/auth/login', { username, password });

  it('mails a link for an email address or a username, and answers the same for an unknown account', async () => {
    const byEmail = await ask('Player3@Versus.test');
    const unknownEmail = await ask('nobody@versus.test');
    const unknownName = await ask('no-such-player');
    for (const res of [byEmail, unknownEmail, unknownName]) {
      expect(expectAnswer(res, forgotPasswordAnswer, 202)).toEqual({
        message: PASSWORD_RESET_TEXTS.requested,
      });
    }
    expect(inbox.mails.map((m) => m.to)).toEqual([['player3@versus.test']]);

    const mail = await inbox.waitFor(mailTo('player3@versus.test'));
    expect(mail.subject).toBe('Reset your Versus password');
    expect(mail.from).toContain('no-reply@versus.test');
    expect(mail.text).toContain('Hello player3,');
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain(`href="http://localhost:3000/reset-password?token=${tokenIn(mail.text)}"`);

    await ask('PLAYER4');
    expect((await inbox.waitFor(mailTo('player4@versus.test'))).text).toMatch(LINK);
    expect(inbox.mails).toHaveLength(2);
  });

  it('sets the new password once, signs the account out everywhere and spends its older links', async () => {
    const elsewhere = await t.signIn('player5');
    await ask('player5');
    await ask('player5@versus.test');
    const [older, newer] = inbox.mails.filter(mailTo('player5@versus.test')).map((m) => tokenIn(m.text));
    if (!older || !newer) throw new Error('expected two mails to player5');
    expect(older).not.toBe(newer);

    const short = await reset(newer, 'short');
    expect(expectAnswer(short, validationErrorAnswer, 422).errors.password).toEqual([
      'The password field must be at least 8 characters.',
    ]);

    const done = await reset(newer, 'a-brand-new-password');
    expect(expectAnswer(done, resetPasswordAnswer)).toEqual({ message: PASSWORD_RESET_TEXTS.done });
    expect((await elsewhere.get('/api/v1/auth/me')).status).toBe(401);
    expect((await signInWith('player5', 'password')).status).toBe(422);
    expectAnswer(await signInWith('player5', 'a-brand-new-password'), authUserAnswer);

    for (const token of [newer, older]) {
      const again = await reset(token, 'yet-another-password');
      expect(expectAnswer(again, validationErrorAnswer, 422).errors).toEqual({
        token: [PASSWORD_RESET_TEXTS.used],
      });
    }
    expect((await signInWith('player5', 'yet-another-password')).status).toBe(422);
  });

  it('refuses a wrong token, and a link older than its lifetime (one hour)', async () => {
    const wrong = await reset('not-a-token-we-sent', 'a-brand-new-password');
    expect(expectAnswer(wrong, validationErrorAnswer, 422).errors).toEqual({
      token: [PASSWORD_RESET_TEXTS.invalid],
    });
    const missing = await t
      .client()
      .post('/api/v1/auth/reset-password', { password: 'a-brand-new-password' });
    expect(expectAnswer(missing, validationErrorAnswer, 422).errors.token).toEqual([
      'The token field is required.',
    ]);

    await ask('player6');
    const token = tokenIn((await inbox.waitFor(mailTo('player6@versus.test'))).text);
    t.clock.advance(60 * 60 * 1000);
    const late = await reset(token, 'a-brand-new-password');
    expect(expectAnswer(late, validationErrorAnswer, 422).errors).toEqual({
      token: [PASSWORD_RESET_TEXTS.expired],
    });
    expect((await signInWith('player6', 'password')).status).toBe(200);

    // A fresh link is good until the last moment of its hour.
    await ask('player6');
    const fresh = inbox.mails.filter(mailTo('player6@versus.test')).at(-1)?.text ?? '';
    t.clock.advance(60 * 60 * 1000 - 1);
    expectAnswer(await reset(tokenIn(fresh), 'a-brand-new-password'), resetPasswordAnswer);
  });

  it('lets one of two simultaneous uses of a link through', async () => {
    await ask('player7');
    const token = tokenIn((await inbox.waitFor(mailTo('player7@versus.test'))).text);
    const both = await Promise.all([reset(token, 'first-new-password'), reset(token, 'second-new-password')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it('refuses a request without an email or username', async () => {
    const empty = await t.client().post('/api/v1/auth/forgot-password', { emailOrUsername: '' });
    expect(expectAnswer(empty, validationErrorAnswer, 422).errors.emailOrUsername).toEqual([
      'The email or username field is required.',
    ]);
  });
});

describe('password reset without SMTP, and its request limit', () => {
  let t: TestApp;
  const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);

  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { RATE_LIMIT_PASSWORD_RESET: '3/900' } });
  });
  afterEach(() => printed.mockClear());
  afterAll(async () => {
    printed.mockRestore();
    await t.close();
  });

  it('prints the mail on the console in development, and its link works', async () => {
    const res = await t.client().post('/api/v1/auth/register', {
      username: 'forgetful',
      email: 'forgetful@versus.test',
      password: 'the-old-password',
    });
    expectAnswer(res, authUserAnswer, 201);
    await t.client('10.9.0.1').post('/api/v1/auth/forgot-password', { emailOrUsername: 'forgetful' });
    await t.app.mailer.idle();
    const text = printed.mock.calls.map((call) => String(call[0])).join('\n');
    expect(text).toContain('Mail not sent: no SMTP server is configured');
    expect(text).toContain('To: forgetful@versus.test');
    const done = await t
      .client()
      .post('/api/v1/auth/reset-password', { token: tokenIn(text), password: 'the-new-password' });
    expectAnswer(done, resetPasswordAnswer);
  });

  it('limits requests per address and per email or username, known or not, with the same 429', async () => {
    // `forgetful` was asked for once above; two more from other addresses, then the fourth is refused.
    for (const ip of ['10.9.0.2', '10.9.0.3']) {
      const ok = await t.client(ip).post('/api/v1/auth/forgot-password', { emailOrUsername: 'Forgetful' });
      expect(ok.status).toBe(202);
    }
    const known = await t
      .client('10.9.0.4')
      .post('/api/v1/auth/forgot-password', { emailOrUsername: 'forgetful' });
    expect(known.status).toBe(429);
    expect(expectAnswer(known, messageAnswer, 429).message).toMatch(/^Too many password reset requests/);

    const unknown = t.client('10.9.0.5');
    for (const name of ['ghost-1', 'ghost-2', 'ghost-3']) {
      expect((await unknown.post('/api/v1/auth/forgot-password', { emailOrUsername: name })).status).toBe(
        202,
      );
    }
    const fourth = await unknown.post('/api/v1/auth/forgot-password', { emailOrUsername: 'ghost-4' });
    expect(fourth.status).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    await t.app.mailer.idle();
    expect(printed).toHaveBeenCalledTimes(2);
  });
});

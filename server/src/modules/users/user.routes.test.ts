import fs from 'node:fs';
import path from 'node:path';
import { authUserAnswer } from '@versus/common/api/auth';
import { validationErrorAnswer } from '@versus/common/api/primitives';
import { passwordAnswer, settingsAnswer, userProfileAnswer } from '@versus/common/api/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_DEFAULTS } from '../../config.ts';
import { buildTestApp, expectAnswer, type TestApp, type TestClient } from '../../test/index.ts';
import { AVATAR_MAX_BYTES, AVATAR_TEXTS } from './avatar.ts';
import { SETTINGS_TEXTS } from './user-settings.service.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

describe('users: profile and settings', () => {
  let t: TestApp;
  let p3: TestClient;
  let dataDir: string;

  beforeAll(async () => {
    t = await buildTestApp();
    dataDir = t.dataDir;
    p3 = await t.signIn('player3');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a public profile without private fields; 404 for unknown users', async () => {
    const res = await t.client().get('/api/v1/users/PLAYER3');
    const { data } = expectAnswer(res, userProfileAnswer);
    expect(typeof data.rating).toBe('number');
    expect(data).toMatchObject({
      username: 'player3',
      ratingHistory: [],
      recentMatches: [],
    });
    expect(data.teams).toEqual([expect.objectContaining({ slug: 'red-dragons', isCaptain: false })]);
    // The raw answer: the parsed one only ever holds the schema's fields.
    expect(res.body).not.toHaveProperty('data.email');
    expect((await p3.get('/api/v1/users/nobody-here')).status).toBe(404);
  });

  it('updates the flag (validated country code) and config link', async () => {
    expect((await t.client().patch('/api/v1/users/me', { flag: 'de' })).status).toBe(401);
    const ok = await p3.patch('/api/v1/users/me', { flag: 'SE', configUrl: 'https://example.com/cfg' });
    expect(expectAnswer(ok, settingsAnswer).data).toMatchObject({ flag: 'se' });
    const bad = await p3.patch('/api/v1/users/me', { flag: 'zz', configUrl: 'javascript:alert(1)' });
    expect(Object.keys(expectAnswer(bad, validationErrorAnswer, 422).errors).sort()).toEqual([
      'configUrl',
      'flag',
    ]);
    const profile = expectAnswer(await p3.get('/api/v1/users/player3'), userProfileAnswer);
    expect(profile.data).toMatchObject({ flag: 'se', config: 'https://example.com/cfg' });
  });

  it('changes the password only with the current one', async () => {
    const wrong = await p3.post('/api/v1/users/me/password', {
      currentPassword: 'nope',
      password: 'new-password',
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: { errors: { currentPassword: [SETTINGS_TEXTS.wrongPassword] } },
    });
    const short = await p3.post('/api/v1/users/me/password', {
      currentPassword: 'password',
      password: 'short',
    });
    expect(short.status).toBe(422);
    const ok = await p3.post('/api/v1/users/me/password', {
      currentPassword: 'password',
      password: 'new-password',
    });
    expect(expectAnswer(ok, passwordAnswer)).toEqual({ message: SETTINGS_TEXTS.passwordChanged });
    const login = await t.client('10.9.9.9').post('/api/v1/auth/login', {
      username: 'player3',
      password: 'new-password',
    });
    expectAnswer(login, authUserAnswer);
  });

  it('limits password-change attempts per user before checking the current password', async () => {
    const p4 = await t.signIn('player4');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        p4.post('/api/v1/users/me/password', { currentPassword: 'guess', password: 'new-password' }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(RATE_LIMIT_DEFAULTS.passwordChange.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - RATE_LIMIT_DEFAULTS.passwordChange.max);
    const limited = attempts.find((r) => r.status === 429);
    expect(limited?.headers['retry-after']).toBeDefined();
    expect(limited?.body).toHaveProperty('message');
  });

  it('accepts PNG/JPEG/WebP avatars by their bytes, stores and serves them', async () => {
    const upload = (body: Buffer, type = 'image/png') =>
      p3.request('POST', '/api/v1/users/me/avatar', body, { 'content-type': type });
    expect(
      (
        await t.client().request('POST', '/api/v1/users/me/avatar', PNG, {
          'content-type': 'image/png',
        })
      ).status,
    ).toBe(401);
    const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(fake).toMatchObject({ status: 422, body: { errors: { avatar: [AVATAR_TEXTS.notImage] } } });
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]));
    expect(big).toMatchObject({ status: 422, body: { errors: { avatar: [AVATAR_TEXTS.tooLarge] } } });

    const ok = await upload(PNG, 'application/octet-stream');
    const image = expectAnswer(ok, settingsAnswer).data.image ?? '';
    expect(image).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    const served = await t.client().get(image);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'avatars'))).toHaveLength(1);

    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(16),
    ]);
    const second = await upload(webp, 'image/webp');
    expect(expectAnswer(second, settingsAnswer).data.image).toMatch(/\.webp$/);
    // The previous upload is removed.
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'avatars'))).toHaveLength(1);
    expect((await t.client().get(image)).status).toBe(404);
    expect((await t.client().get('/uploads/avatars/..%2F..%2Fetc.png')).status).toBe(404);
  });
});

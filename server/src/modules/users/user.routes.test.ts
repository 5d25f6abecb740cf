import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/app.ts';
import { createEngineTestApp, signIn } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';
import { patch } from '../tournaments/platform-test-support.ts';
import { AVATAR_MAX_BYTES, AVATAR_TEXTS } from './avatar.ts';
import { SETTINGS_TEXTS } from './user-settings.service.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

describe('users: profile and settings', () => {
  let t: EngineTestApp;
  let p3: TestClient;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-users-'));

  beforeAll(async () => {
    t = await createEngineTestApp({ env: { DATA_DIR: dataDir } });
    p3 = await signIn(t.app, 'player3');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a public profile without private fields; 404 for unknown users', async () => {
    const res = await new TestClient(t.app).get('/api/v1/users/PLAYER3');
    expect(res.status).toBe(200);
    const data = (res.body as { data: Record<string, unknown> }).data;
    expect(typeof data.rating).toBe('number');
    expect(data).toMatchObject({
      username: 'player3',
      ratingHistory: [],
      recentMatches: [],
    });
    expect(data.teams).toEqual([expect.objectContaining({ slug: 'red-dragons', isCaptain: false })]);
    expect(data).not.toHaveProperty('email');
    expect((await p3.get('/api/v1/users/nobody-here')).status).toBe(404);
  });

  it('updates the flag (validated country code) and config link', async () => {
    expect((await patch(new TestClient(t.app), '/api/v1/users/me', { flag: 'de' })).status).toBe(401);
    const ok = await patch(p3, '/api/v1/users/me', { flag: 'SE', configUrl: 'https://example.com/cfg' });
    expect(ok).toMatchObject({ status: 200, body: { data: { flag: 'se' } } });
    const bad = await patch(p3, '/api/v1/users/me', { flag: 'zz', configUrl: 'javascript:alert(1)' });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(['configUrl', 'flag']);
    const profile = (await p3.get('/api/v1/users/player3')).body as {
      data: { flag: string; config: string };
    };
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
    expect(ok.status).toBe(200);
    const login = await new TestClient(t.app, '10.9.9.9').post('/api/v1/auth/login', {
      username: 'player3',
      password: 'new-password',
    });
    expect(login.status).toBe(200);
  });

  it('accepts PNG/JPEG/WebP avatars by their bytes, stores and serves them', async () => {
    const upload = (body: Buffer, type = 'image/png') =>
      p3.request('POST', '/api/v1/users/me/avatar', body, { 'content-type': type });
    expect(
      (
        await new TestClient(t.app).request('POST', '/api/v1/users/me/avatar', PNG, {
          'content-type': 'image/png',
        })
      ).status,
    ).toBe(401);
    const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(fake).toMatchObject({ status: 422, body: { errors: { avatar: [AVATAR_TEXTS.notImage] } } });
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]));
    expect(big).toMatchObject({ status: 422, body: { errors: { avatar: [AVATAR_TEXTS.tooLarge] } } });

    const ok = await upload(PNG, 'application/octet-stream');
    expect(ok.status).toBe(200);
    const image = (ok.body as { data: { image: string } }).data.image;
    expect(image).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    const served = await new TestClient(t.app).get(image);
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
    expect((second.body as { data: { image: string } }).data.image).toMatch(/\.webp$/);
    // The previous upload is removed.
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'avatars'))).toHaveLength(1);
    expect((await new TestClient(t.app).get(image)).status).toBe(404);
    expect((await new TestClient(t.app).get('/uploads/avatars/..%2F..%2Fetc.png')).status).toBe(404);
  });
});

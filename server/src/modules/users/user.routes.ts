import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import type { FileStorage } from '../../storage/index.ts';
import { isValidKey } from '../../storage/storage.ts';
import { requireUser } from '../matches/route-params.ts';
import { AVATAR_MAX_BYTES, AVATAR_PREFIX, avatarContentType } from './avatar.ts';
import { getUserProfile } from './user-profile.service.ts';
import { changePasswordSchema, updateSettingsSchema } from './user-settings.schemas.ts';
import { changePassword, updateSettings, uploadAvatar } from './user-settings.service.ts';

export interface UserRoutesOptions {
  storage: FileStorage;
}

/** Profiles (`/user/{username}`) and the signed-in user's settings. */
export async function userRoutes(app: FastifyInstance, options: UserRoutesOptions): Promise<void> {
  // Binary bodies only in this plugin's scope. The limit is above the avatar limit so an oversized
  // image gets the friendly 422 instead of a bare 413, up to twice the limit.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES * 2 },
    (_request, body, done) => done(null, body),
  );

  app.get<{ Params: { username: string } }>('/api/v1/users/:username', async (request) => ({
    data: await getUserProfile(app.db, request.params.username),
  }));

  app.patch('/api/v1/users/me', async (request) => {
    const user = requireUser(request.user);
    return updateSettings(
      app.db,
      user,
      parseInput(updateSettingsSchema, request.body),
      app.matchEngine.now(),
    );
  });

  app.post('/api/v1/users/me/password', async (request) => {
    const user = requireUser(request.user);
    const input = parseInput(changePasswordSchema, request.body);
    return changePassword(app.db, user, input, app.matchEngine.now());
  });

  app.post('/api/v1/users/me/avatar', { bodyLimit: AVATAR_MAX_BYTES * 2 }, async (request) => {
    const user = requireUser(request.user);
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return uploadAvatar(app.db, options.storage, user, bytes, app.matchEngine.now());
  });

  // The random file name is the capability, as for screenshots; the type follows the checked extension.
  app.get<{ Params: { file: string } }>('/uploads/avatars/:file', async (request, reply) => {
    const key = `${AVATAR_PREFIX}${request.params.file}`;
    const type = avatarContentType(request.params.file);
    const file = type && isValidKey(key) ? await options.storage.get(key) : null;
    if (!file || !type) throw new NotFoundError();
    return reply
      .type(type)
      .header('Cache-Control', 'public, max-age=86400, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.bytes);
  });
}

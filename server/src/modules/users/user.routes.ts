import {
  avatarBody,
  changePasswordBody,
  passwordAnswer,
  settingsAnswer,
  updateSettingsBody,
  userProfileAnswer,
  usernameParams,
} from '@versus/common/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors.ts';
import type { FileStorage } from '../../storage/index.ts';
import { isValidKey } from '../../storage/storage.ts';
import { connectPageChanges } from '../../core/page-cache.ts';
import { sendEncoded } from '../../lib/etag.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import { AVATAR_MAX_BYTES, AVATAR_PREFIX, avatarContentType } from './avatar.ts';
import { getUserProfileBody } from './user-profile.service.ts';
import { changePassword, updateSettings, uploadAvatar } from './user-settings.service.ts';

export interface UserRoutesOptions {
  storage: FileStorage;
}

const tags = ['Players'];
/** The avatar route takes the image's bytes as they are; the type is read from the bytes, not from these. */
const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'];

/** Profiles (`/user/{username}`) and the signed-in user's settings. */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, options) => {
  connectPageChanges(app.ctx, app.changes);
  // Binary bodies only in this plugin's scope. The limit is above the avatar limit so an oversized
  // image gets the friendly 422 instead of a bare 413, up to twice the limit.
  app.addContentTypeParser(
    AVATAR_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES * 2 },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/v1/users/:username',
    {
      schema: {
        tags,
        summary: "A player's public profile",
        params: usernameParams,
        response: { 200: userProfileAnswer },
      },
    },
    // Encoded once per change (server/src/core/page-cache.ts), with an ETag.
    async (request, reply) =>
      sendEncoded(request, reply, await getUserProfileBody(app.ctx, request.params.username)),
  );

  app.patch(
    '/api/v1/users/me',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Change your flag or config link',
        body: updateSettingsBody,
        response: { 200: settingsAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const answer = await updateSettings(app.db, user, request.body, app.ctx.now());
      await app.sessions.userChanged(user.id);
      return answer;
    },
  );

  app.post(
    '/api/v1/users/me/password',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Change your password (needs the current one; ends your other sessions)',
        body: changePasswordBody,
        response: { 200: passwordAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      await app.limits.take(request, 'passwordChange', user.id);
      const answer = await changePassword(app.db, user, request.body, app.ctx.now());
      // A new password ends every other session (and its sockets) on every instance; this one stays.
      await app.sessions.endAllOf(user.id, request.sessionId);
      await app.sessions.userChanged(user.id);
      return answer;
    },
  );

  app.post(
    '/api/v1/users/me/avatar',
    {
      bodyLimit: AVATAR_MAX_BYTES * 2,
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Upload your avatar (the image bytes as the body)',
        consumes: AVATAR_CONTENT_TYPES,
        body: avatarBody,
        response: { 200: settingsAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      await app.limits.take(request, 'upload', user.id);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await uploadAvatar(app.db, options.storage, user, bytes, app.ctx.now());
      await app.sessions.userChanged(user.id);
      return answer;
    },
  );

  // The random file name is the capability, as for screenshots; the type follows the checked extension.
  // An image, not an API answer: left out of the API document.
  app.get(
    '/uploads/avatars/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const key = `${AVATAR_PREFIX}${request.params.file}`;
      const type = avatarContentType(request.params.file);
      const file = type && isValidKey(key) ? await options.storage.get(key) : null;
      if (!file || !type) throw new NotFoundError();
      return reply
        .type(type)
        .header('Cache-Control', 'public, max-age=86400, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.bytes);
    },
  );
};

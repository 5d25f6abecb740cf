import {
  forgotPasswordAnswer,
  forgotPasswordBody,
  resetPasswordAnswer,
  resetPasswordBody,
} from '@versus/common/api/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetPassword, sendPasswordResetLink, type PasswordResetDeps } from './password-reset.service.ts';
import { PASSWORD_RESET_TEXTS } from './password-reset.texts.ts';

const tags = ['Accounts'];

/** A forgotten password: ask for a link by mail, then set a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): PasswordResetDeps => ({
    db: app.db,
    now: app.ctx.now,
    config: app.config,
    mailer: app.mailer,
  });

  app.post(
    '/api/v1/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (the same answer whether or not an account matches)',
        body: forgotPasswordBody,
        response: { 202: forgotPasswordAnswer },
      },
    },
    async (request, reply) => {
      const login = request.body.emailOrUsername.trim().toLowerCase();
      // Counted per address and per account name, for known and unknown names alike: a 429 tells nothing.
      await app.limits.take(request, 'passwordReset', `ip:${request.ip}`, PASSWORD_RESET_TEXTS.tooMany);
      await app.limits.take(request, 'passwordReset', `login:${login}`, PASSWORD_RESET_TEXTS.tooMany);
      // The account is looked up and mailed after the answer, so neither its words nor its timing differ.
      app.mailer.later('password reset link', () => sendPasswordResetLink(deps(), login));
      return reply.status(202).send({ message: PASSWORD_RESET_TEXTS.requested });
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    {
      schema: {
        tags,
        summary: "Set a new password with a mailed link's token (once; ends every session of the account)",
        body: resetPasswordBody,
        response: { 200: resetPasswordAnswer },
      },
    },
    async (request) => {
      const { userId, message } = await resetPassword(deps(), request.body);
      // Whoever knew the old password is signed out everywhere, their sockets closed.
      await app.sessions.endAllOf(userId, null);
      return { message };
    },
  );
};

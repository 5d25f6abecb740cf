import {
  answerInvitationAnswer,
  captainBody,
  createTeamAnswer,
  createTeamBody,
  invitationIdParams,
  invitationsAnswer,
  inviteAnswer,
  inviteBody,
  kickParams,
  leaveTeamAnswer,
  mapPreferencesAnswer,
  mapPreferencesBody,
  mapPreferencesParams,
  saveMapPreferencesAnswer,
  teamCommandAnswer,
  teamListAnswer,
  teamListQuery,
  teamPageAnswer,
  teamSlugParams,
  withdrawInvitationAnswer,
} from '@versus/common/api/teams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connectPageChanges } from '../../core/page-cache.ts';
import { sendEncoded } from '../../lib/etag.ts';
import { requireUser, signedIn } from '../../lib/http.ts';
import {
  answerOwnInvitation,
  invitePlayer,
  myInvitations,
  withdrawInvitation,
} from './team-invitation.service.ts';
import {
  createTeam,
  getTeamList,
  getTeamPageBody,
  kickMember,
  leaveTeam,
  transferCaptain,
} from './team.service.ts';
import type { TeamDeps } from './team.service.ts';
import { getMapPreferences, saveMapPreferences } from './map-preferences.service.ts';

const tags = ['Teams'];

/** Teams, rosters and invitations. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): TeamDeps => app.ctx;
  connectPageChanges(app.ctx, app.changes);

  app.get(
    '/api/v1/teams',
    {
      schema: {
        tags,
        summary: "Every team, the viewer's own first (paged, searchable by name or tag)",
        querystring: teamListQuery,
        response: { 200: teamListAnswer },
      },
    },
    async (request) => getTeamList(app.db, request.query, request.user),
  );

  app.get(
    '/api/v1/teams/:slug',
    {
      schema: {
        tags,
        summary: "A team's page, with the viewer's flags",
        params: teamSlugParams,
        response: { 200: teamPageAnswer },
      },
    },
    // Encoded once per change and kind of viewer (server/src/core/page-cache.ts), with an ETag.
    async (request, reply) =>
      sendEncoded(request, reply, await getTeamPageBody(app.ctx, request.params.slug, request.user)),
  );

  app.get(
    '/api/v1/teams/:slug/map-preferences',
    {
      schema: {
        tags,
        summary: "The team's map preferences per map pool (the auto-veto follows them)",
        params: teamSlugParams,
        response: { 200: mapPreferencesAnswer },
      },
    },
    async (request) => ({ data: await getMapPreferences(app.db, request.params.slug, request.user) }),
  );

  app.put(
    '/api/v1/teams/:slug/map-preferences/:mapPoolId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Save the team's map preferences for a pool (captain)",
        params: mapPreferencesParams,
        body: mapPreferencesBody,
        response: { 200: saveMapPreferencesAnswer },
      },
    },
    async (request) =>
      saveMapPreferences(
        app.ctx,
        requireUser(request.user),
        request.params.slug,
        request.params.mapPoolId,
        request.body,
      ),
  );

  app.post(
    '/api/v1/teams',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Create a team (you become its captain)',
        body: createTeamBody,
        response: { 201: createTeamAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      await app.limits.take(request, 'teamCreate', user.id);
      const result = await createTeam(deps(), user, request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/v1/teams/:slug/invitations',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Invite a player (captain)',
        params: teamSlugParams,
        body: inviteBody,
        response: { 201: inviteAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      await app.limits.take(request, 'invitation', user.id);
      const answer = await invitePlayer(deps(), user, request.params.slug, request.body.username);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/v1/teams/:slug/leave',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Leave the team (the last member disbands it)',
        params: teamSlugParams,
        response: { 200: leaveTeamAnswer },
      },
    },
    async (request) => leaveTeam(deps(), requireUser(request.user), request.params.slug),
  );

  app.post(
    '/api/v1/teams/:slug/captain',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Hand the captaincy to a member (captain)',
        params: teamSlugParams,
        body: captainBody,
        response: { 200: teamCommandAnswer },
      },
    },
    async (request) =>
      transferCaptain(deps(), requireUser(request.user), request.params.slug, request.body.userId),
  );

  app.post(
    '/api/v1/teams/:slug/kick/:userId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Remove a member (captain)',
        params: kickParams,
        response: { 200: teamCommandAnswer },
      },
    },
    async (request) =>
      kickMember(deps(), requireUser(request.user), request.params.slug, request.params.userId),
  );

  app.get(
    '/api/v1/team-invitations',
    {
      preValidation: signedIn,
      schema: { tags, summary: 'Your pending invitations', response: { 200: invitationsAnswer } },
    },
    async (request) => myInvitations(app.db, requireUser(request.user)),
  );

  for (const [action, accept] of [
    ['accept', true],
    ['decline', false],
  ] as const) {
    app.post(
      `/api/v1/team-invitations/:id/${action}`,
      {
        preValidation: signedIn,
        schema: {
          tags,
          summary: accept ? 'Accept an invitation (join the team)' : 'Decline an invitation',
          params: invitationIdParams,
          response: { 200: answerInvitationAnswer },
        },
      },
      async (request) => answerOwnInvitation(deps(), requireUser(request.user), request.params.id, accept),
    );
  }

  app.post(
    '/api/v1/team-invitations/:id/withdraw',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Withdraw a pending invitation (the team's captain)",
        params: invitationIdParams,
        response: { 200: withdrawInvitationAnswer },
      },
    },
    async (request) => withdrawInvitation(deps(), requireUser(request.user), request.params.id),
  );
};

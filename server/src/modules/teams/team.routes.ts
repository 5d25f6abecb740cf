import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validation.ts';
import { idParam, requireUser } from '../matches/route-params.ts';
import { answerOwnInvitation, invitePlayer, myInvitations } from './team-invitation.service.ts';
import { captainSchema, createTeamSchema, inviteSchema } from './team.schemas.ts';
import { createTeam, getTeamPage, kickMember, leaveTeam, transferCaptain } from './team.service.ts';
import type { TeamDeps } from './team.service.ts';

type SlugParams = { Params: { slug: string } };

/** Teams, rosters and invitations. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): TeamDeps => ({
    db: app.db,
    now: () => app.matchEngine.now(),
    broadcaster: app.matchEngine.broadcaster,
    log: app.log,
    ratingStart: app.config.ratings.start,
  });

  app.get<SlugParams>('/api/v1/teams/:slug', async (request) => ({
    data: await getTeamPage(app.db, request.params.slug, request.user),
  }));

  app.post('/api/v1/teams', async (request, reply) => {
    const user = requireUser(request.user);
    const result = await createTeam(deps(), user, parseInput(createTeamSchema, request.body));
    return reply.status(201).send(result);
  });

  app.post<SlugParams>('/api/v1/teams/:slug/invitations', async (request, reply) => {
    const user = requireUser(request.user);
    const { username } = parseInput(inviteSchema, request.body);
    return reply.status(201).send(await invitePlayer(deps(), user, request.params.slug, username));
  });

  app.post<SlugParams>('/api/v1/teams/:slug/leave', async (request) =>
    leaveTeam(deps(), requireUser(request.user), request.params.slug),
  );

  app.post<SlugParams>('/api/v1/teams/:slug/captain', async (request) => {
    const user = requireUser(request.user);
    const { userId } = parseInput(captainSchema, request.body);
    return transferCaptain(deps(), user, request.params.slug, userId);
  });

  app.post<SlugParams>('/api/v1/teams/:slug/kick/:userId', async (request) => {
    const user = requireUser(request.user);
    return kickMember(deps(), user, request.params.slug, idParam(request.params, 'userId', 'User'));
  });

  app.get('/api/v1/team-invitations', async (request) => myInvitations(app.db, requireUser(request.user)));

  app.post('/api/v1/team-invitations/:id/accept', async (request) =>
    answerOwnInvitation(deps(), requireUser(request.user), idParam(request.params, 'id', 'Invitation'), true),
  );

  app.post('/api/v1/team-invitations/:id/decline', async (request) =>
    answerOwnInvitation(
      deps(),
      requireUser(request.user),
      idParam(request.params, 'id', 'Invitation'),
      false,
    ),
  );
}

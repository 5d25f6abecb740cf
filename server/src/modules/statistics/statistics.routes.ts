import { playerStatsAnswer } from '@versus/common/api/player-stats';
import { roundTimelineAnswer, roundTimelineParams } from '@versus/common/api/round-timeline';
import { matchStatisticsAnswer, statisticsMatchParams } from '@versus/common/api/statistics';
import { teamStatsAnswer, teamStatsQuery } from '@versus/common/api/team-stats';
import { teamSlugParams } from '@versus/common/api/teams';
import { usernameParams } from '@versus/common/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../lib/http.ts';
import { getPlayerStats } from './player-stats.service.ts';
import { roundTimeline } from './round-timeline.ts';
import { sharedMatchStatistics } from './statistics.service.ts';
import { teamStats } from './team-stats.ts';

const tags = ['Statistics'];

/**
 * Statistics: signed-in users read a match's scoreboard and round timeline (the match log fills them:
 * match-log-statistics.ts); anyone reads a player's statistics over time and a team's figures.
 */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/match-detail/statistics/:matchId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The match's scoreboard",
        params: statisticsMatchParams,
        response: { 200: matchStatisticsAnswer },
      },
    },
    async (request) => ({ data: await sharedMatchStatistics(app.ctx, request.params.matchId) }),
  );

  app.get(
    '/api/v1/users/:username/stats',
    {
      schema: {
        tags: ['Players'],
        summary: "A player's statistics over time: figures, form, maps, competitions, ratings",
        params: usernameParams,
        response: { 200: playerStatsAnswer },
      },
    },
    async (request) => ({ data: await getPlayerStats(app.db, request.params.username) }),
  );

  app.get(
    '/api/v1/match-detail/rounds/:matchId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "The match's round timeline: per map, each round's winner, ending, score and kills",
        params: roundTimelineParams,
        response: { 200: roundTimelineAnswer },
      },
    },
    async (request) => ({ data: await roundTimeline(app.ctx.db, request.params.matchId) }),
  );

  app.get(
    '/api/v1/teams/:slug/stats',
    {
      schema: {
        tags,
        summary:
          "A team's figures: results, roster figures, map win rates, head-to-head (`?vs=`), rating over time",
        params: teamSlugParams,
        querystring: teamStatsQuery,
        response: { 200: teamStatsAnswer },
      },
    },
    async (request) => ({
      data: await teamStats(app.ctx.db, request.params.slug, request.query.vs || undefined),
    }),
  );
};

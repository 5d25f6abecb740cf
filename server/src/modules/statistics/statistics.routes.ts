import {
  fpsLeaderboardAnswer,
  fpsLeaderboardQuery,
  leaderboardOptionsAnswer,
  ratingLeaderboardAnswer,
  ratingLeaderboardQuery,
  teamLeaderboardAnswer,
  teamLeaderboardQuery,
} from '@versus/common/api/leaderboards';
import { playerStatsAnswer } from '@versus/common/api/player-stats';
import { roundTimelineAnswer, roundTimelineParams } from '@versus/common/api/round-timeline';
import { matchStatisticsAnswer, statisticsMatchParams } from '@versus/common/api/statistics';
import { teamStatsAnswer, teamStatsQuery } from '@versus/common/api/team-stats';
import { teamSlugParams } from '@versus/common/api/teams';
import { usernameParams } from '@versus/common/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendEncoded } from '../../lib/etag.ts';
import { serializeAnswer, signedIn } from '../../lib/http.ts';
import { fpsLeaderboard, leaderboardOptions, ratingLeaderboard, teamLeaderboard } from './leaderboards.ts';
import { getPlayerStatsBody } from './player-stats.service.ts';
import { roundTimeline } from './round-timeline.ts';
import { sharedMatchStatisticsBody } from './statistics.service.ts';
import { teamStats } from './team-stats.ts';

const tags = ['Statistics'];

/**
 * Statistics: signed-in users read a match's scoreboard and round timeline (the match log fills them:
 * match-log-statistics.ts); anyone reads a player's statistics over time, a team's figures and the
 * leaderboards.
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
    // Encoded once per shared load (through this answer schema), sent as bytes with its ETag.
    async (request, reply) => {
      const body = await sharedMatchStatisticsBody(app.ctx, request.params.matchId, (answer) =>
        serializeAnswer(matchStatisticsAnswer, answer),
      );
      return sendEncoded(request, reply, body);
    },
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
    // Encoded once per change (server/src/core/page-cache.ts), with an ETag.
    async (request, reply) =>
      sendEncoded(request, reply, await getPlayerStatsBody(app.ctx, request.params.username)),
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

  const leaderboards = ['Leaderboards'];

  app.get(
    '/api/v1/leaderboards',
    {
      schema: {
        tags: leaderboards,
        summary: "The leaderboards' filters: games, their competitions and seasons, the players' countries",
        response: { 200: leaderboardOptionsAnswer },
      },
    },
    async () => ({ data: await leaderboardOptions(app.db) }),
  );

  app.get(
    '/api/v1/leaderboards/players/rating',
    {
      schema: {
        tags: leaderboards,
        summary: 'Players by player rating (solo-queue), per game; by competition, season and country',
        querystring: ratingLeaderboardQuery,
        response: { 200: ratingLeaderboardAnswer },
      },
    },
    async (request) => ratingLeaderboard(app.db, request.query),
  );

  app.get(
    '/api/v1/leaderboards/players/fps',
    {
      schema: {
        tags: leaderboards,
        summary:
          'Players by FPS rating with a minimum of matches, per game; by competition, season and country',
        querystring: fpsLeaderboardQuery,
        response: { 200: fpsLeaderboardAnswer },
      },
    },
    async (request) => fpsLeaderboard(app.db, request.query),
  );

  app.get(
    '/api/v1/leaderboards/teams',
    {
      schema: {
        tags: leaderboards,
        summary: "Teams by ladder standing: a ladder's standings in a season",
        querystring: teamLeaderboardQuery,
        response: { 200: teamLeaderboardAnswer },
      },
    },
    async (request) => teamLeaderboard(app.db, request.query),
  );
};

// Ladder challenges: a captain of a team on the ladder challenges another team of that ladder. The match
// is born in status 1 (no command creates a match); from there accept/decline/cancel are machine commands.
import type { challengeBody } from '@versus/common/api/ladders';
import {
  defaultLineup,
  lineupDuplicateText,
  lineupNotOnRosterText,
  lineupSizeText,
} from '@versus/common/match/lineup';
import { teamTooSmallText } from '@versus/common/match/league-rules';
import { STATUS } from '@versus/common/match/statuses';
import type { z } from 'zod';
import { recordMatchCreated, startSending } from '../webhooks/index.ts';
import type { AppContext } from '../../core/app-context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { createNotifications, notificationMessage, publishNotifications } from '../notifications/index.ts';
import { pagesChanged } from '../../core/page-cache.ts';
import {
  captainedLadderTeams,
  findLadder,
  insertTeamMatch,
  lockLadderTeam,
  openChallengeBetween,
  teamRoster,
} from './ladder.repository.ts';
import { assertNoneBanned, assertNotBanned, bansInForce } from '../bans/index.ts';

export const CHALLENGE_TEXTS = {
  ladderNotFound: 'Ladder not found.',
  notCaptain: 'Only the captain of a team on this ladder can send a challenge.',
  ownTeam: 'You cannot challenge your own team.',
  notOnLadder: 'The selected team is not on this ladder.',
  alreadyOpen: 'There is already an open challenge between these teams.',
  pastStart: 'The start date must not be in the past.',
  noCaptain: 'The selected team has no captain to accept the challenge.',
} as const;

/**
 * The challenger's lineup: the chosen players (exactly the team size, all on the roster, none twice), or
 * the roster itself when it has the team size; 422 `errors.teamId` for a team too small to play (see
 * docs/league-rules.md), `errors.lineup` otherwise.
 */
function challengerLineup(rosterIds: number[], teamSize: number, chosen: number[] | undefined): number[] {
  if (rosterIds.length < teamSize) {
    throw new ValidationError({ teamId: [teamTooSmallText(null, 'ladder', teamSize, rosterIds.length)] });
  }
  const size = teamSize;
  if (chosen === undefined) {
    if (rosterIds.length === teamSize) return rosterIds;
    throw new ValidationError({ lineup: [lineupSizeText(size)] });
  }
  if (new Set(chosen).size !== chosen.length) throw new ValidationError({ lineup: [lineupDuplicateText()] });
  if (chosen.length !== size) throw new ValidationError({ lineup: [lineupSizeText(size)] });
  if (chosen.some((id) => !rosterIds.includes(id))) {
    throw new ValidationError({ lineup: [lineupNotOnRosterText()] });
  }
  return chosen;
}

/** Start dates up to this far in the past are taken as "now" (clock skew, slow forms). */
const PAST_TOLERANCE_MS = 5 * 60_000;

export async function createChallenge(
  ctx: AppContext,
  user: UserRow,
  ladderId: number,
  input: z.output<typeof challengeBody>,
): Promise<{ id: number; statusId: typeof STATUS.challenge }> {
  const now = ctx.now();
  await assertNotBanned(ctx.db, user.id, now);
  const startMs = input.startDate ? Date.parse(input.startDate) : null;
  if (startMs !== null && startMs < now - PAST_TOLERANCE_MS) {
    throw new ValidationError({ startDate: [CHALLENGE_TEXTS.pastStart] });
  }
  const created = await ctx.db.transaction(async (tx) => {
    const ladder = await findLadder(tx, ladderId);
    if (!ladder) throw new NotFoundError(CHALLENGE_TEXTS.ladderNotFound);
    const own = await captainedLadderTeams(tx, ladderId, user.id);
    const team = input.teamId === undefined ? own[0] : own.find((t) => t.id === input.teamId);
    if (!team) throw new ForbiddenError(CHALLENGE_TEXTS.notCaptain);
    if (team.id === input.opponentTeamId)
      throw new ValidationError({ opponentTeamId: [CHALLENGE_TEXTS.ownTeam] });
    // Lock both teams in id order: two challenges between the same teams (either way) queue up here.
    const [low, high] = [team.id, input.opponentTeamId].sort((a, b) => a - b) as [number, number];
    const locked = [await lockLadderTeam(tx, ladderId, low), await lockLadderTeam(tx, ladderId, high)];
    const opponent = locked.find((t) => t?.id === input.opponentTeamId);
    if (!opponent) throw new ValidationError({ opponentTeamId: [CHALLENGE_TEXTS.notOnLadder] });
    if ((await openChallengeBetween(tx, ladderId, team.id, opponent.id)) !== null) {
      throw new ValidationError({ opponentTeamId: [CHALLENGE_TEXTS.alreadyOpen] });
    }
    const [ownRoster, opponentRoster] = [await teamRoster(tx, team.id), await teamRoster(tx, opponent.id)];
    const opponentCaptain = opponentRoster.find((m) => m.isCaptain)?.userId ?? null;
    if (opponentCaptain === null) throw new ValidationError({ opponentTeamId: [CHALLENGE_TEXTS.noCaptain] });
    const ownLineup = challengerLineup(
      ownRoster.map((m) => m.userId),
      ladder.teamSize,
      input.lineup,
    );
    await assertNoneBanned(tx, user.id, ownLineup, now);
    // The challenged team's roster is its lineup by default when it has exactly the team size (and shares no
    // player with the challenger's lineup); otherwise its captain chooses when accepting. A challenged team
    // too small to play may be challenged: accepting waits until it has the members.
    // A roster with a banned player has no default lineup: its captain chooses (without them) when accepting.
    const bannedOpponents = await bansInForce(
      tx,
      opponentRoster.map((m) => m.userId),
      now,
    );
    const opponentLineup = defaultLineup(
      opponentRoster.map((m) => m.userId),
      ladder.teamSize,
      [...ownLineup, ...bannedOpponents.keys()],
    );
    const id = await insertTeamMatch(tx, {
      type: 'ladder',
      gameId: ladder.gameId,
      ladderId,
      teamSize: ladder.teamSize,
      bestOf: input.bestOf,
      startDate: startMs === null ? null : new Date(Math.max(startMs, now)),
      statusId: STATUS.challenge,
      challenger: { teamId: team.id, captainId: user.id, memberIds: ownLineup },
      opponent: { teamId: opponent.id, captainId: opponentCaptain, memberIds: opponentLineup },
      now: new Date(now),
    });
    const notes = await createNotifications(
      tx,
      [
        {
          userId: opponentCaptain,
          type: 'challenge-received',
          message: notificationMessage('challenge-received', {
            matchId: id,
            challengerName: team.name,
            opponentName: opponent.name,
            bestOf: input.bestOf,
          }),
          data: { redirectUrl: `/match/${String(id)}`, matchId: id },
        },
      ],
      now,
    );
    const hooks = await recordMatchCreated(ctx, tx, id, now);
    return { id, notes, hooks };
  });
  await pagesChanged(ctx);
  await publishNotifications(ctx, created.notes);
  startSending(ctx, created.hooks);
  return { id: created.id, statusId: STATUS.challenge };
}

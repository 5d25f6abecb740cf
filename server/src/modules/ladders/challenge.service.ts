// Ladder challenges: a captain of a team on the ladder challenges another team of that ladder. The match
// is born in status 1 (no command creates a match); from there accept/decline/cancel are machine commands.
import { eventWireChannel } from '@versus/common/realtime';
import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { insertNotifications } from '../notifications/notification.repository.ts';
import { presentNotification } from '../notifications/notification.presenter.ts';
import { notificationMessage } from '../notifications/notification.texts.ts';
import type { ChallengeInput } from './challenge.schemas.ts';
import {
  captainedLadderTeams,
  findLadder,
  insertTeamMatch,
  lockLadderTeam,
  openChallengeBetween,
  teamRoster,
} from './ladder.repository.ts';

export const CHALLENGE_TEXTS = {
  ladderNotFound: 'Ladder not found.',
  notCaptain: 'Only the captain of a team on this ladder can send a challenge.',
  ownTeam: 'You cannot challenge your own team.',
  notOnLadder: 'The selected team is not on this ladder.',
  alreadyOpen: 'There is already an open challenge between these teams.',
  pastStart: 'The start date must not be in the past.',
  noCaptain: 'The selected team has no captain to accept the challenge.',
} as const;

/** Start dates up to this far in the past are taken as "now" (clock skew, slow forms). */
const PAST_TOLERANCE_MS = 5 * 60_000;

export async function createChallenge(
  engine: MatchEngine,
  user: UserRow,
  ladderId: number,
  input: ChallengeInput,
): Promise<{ id: number; statusId: 1 }> {
  const now = engine.now();
  const startMs = input.startDate ? Date.parse(input.startDate) : null;
  if (startMs !== null && startMs < now - PAST_TOLERANCE_MS) {
    throw new ValidationError({ startDate: [CHALLENGE_TEXTS.pastStart] });
  }
  const created = await engine.db.transaction(async (tx) => {
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
    const id = await insertTeamMatch(tx, {
      type: 'ladder',
      gameId: ladder.gameId,
      ladderId,
      teamSize: ladder.teamSize,
      bestOf: input.bestOf,
      startDate: startMs === null ? null : new Date(Math.max(startMs, now)),
      statusId: 1,
      challenger: { teamId: team.id, captainId: user.id, memberIds: ownRoster.map((m) => m.userId) },
      opponent: {
        teamId: opponent.id,
        captainId: opponentCaptain,
        memberIds: opponentRoster.map((m) => m.userId),
      },
      now: new Date(now),
    });
    const notes = await insertNotifications(
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
    return { id, notes };
  });
  for (const row of created.notes) {
    await engine.broadcaster
      .publish(eventWireChannel('OnNotificationReceived', row.userId), 'OnNotificationReceived', {
        notification: presentNotification(row),
      })
      .catch((err: unknown) => engine.log.error({ err }, 'challenge: notification broadcast failed'));
  }
  return { id: created.id, statusId: 1 };
}

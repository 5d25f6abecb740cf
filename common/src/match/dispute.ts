// Settling a dispute (6). Only an admin resolves: with a final score, checked by the same rules as an
// entered score (→ 5, the ratings follow), or with a cancellation (→ 7). Both teams are told. Reversing a
// rating change of an earlier finish is the server's job: it sees `MatchFinished` or `MatchCancelled`.
import type { Actor, DisputeResolution } from './commands.ts';
import { accepted, matchPlayerIds, moveTo, refused } from './decision.ts';
import type { Decision } from './decision.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import { seriesResult } from './score.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';

export function decideDisputeResolve(
  match: MatchState,
  actor: Actor,
  resolution: DisputeResolution,
  now: number,
): Decision {
  if (!actor.isAdmin) return refused('forbidden', MATCH_TEXTS.resolveNotAdmin);
  if (match.statusId !== STATUS.disputed) return refused('wrong-status', MATCH_TEXTS.resolveWrongStatus);
  const told = { type: 'Notify', userIds: matchPlayerIds(match), kind: 'dispute-resolved' } as const;
  if (resolution.kind === 'cancel') {
    return accepted(
      {
        ...moveTo(match, STATUS.cancelled),
        cancelledByUserId: actor.userId,
        cancelReason: 'admin',
        score: { ...match.score, approvalDeadline: null },
      },
      [{ type: 'MatchCancelled', reason: 'admin' }, { type: 'MatchDetailUpdate' }, told],
    );
  }
  const result = seriesResult(match, resolution.scores);
  if (typeof result === 'string') return refused('invalid', result);
  return accepted(
    {
      ...moveTo(match, STATUS.finished),
      winnerSide: result.winnerSide,
      forfeit: false,
      finishedAt: now,
      score: {
        maps: resolution.scores.map((s) => ({ ...s })),
        // The admin's sheet belongs to no side; the form names the admin as its author.
        enteredBySide: null,
        enteredByUserId: actor.userId,
        approvalDeadline: null,
        challengerMaps: result.challengerMaps,
        opponentMaps: result.opponentMaps,
      },
    },
    [
      { type: 'MatchDetailUpdate' },
      { type: 'MatchFinished', winnerSide: result.winnerSide, forfeit: false },
      told,
    ],
  );
}

// Substitutes: a captain brings a player in for a named lineup player of their own side, one for one,
// before a result exists (not in 5, 6, 7 or 8), up to `settings.maxSubsPerSide` substitutes per side and
// match. Who may come in is known only to the server (the bench: the team's roster minus its lineup; in
// solo-queue the players waiting in the match's queue), so the command carries the side's candidates; the
// machine checks the rest, in the order the refusals are shown: not a captain (403), too late, not a
// candidate (or already playing), not a lineup player to replace, limit reached, playing another match in
// play (422; league-rules.ts). The sub takes the replaced player's place at once (the replaced player goes
// back to the bench) and is told.
import type { Actor, SubCandidate } from './commands.ts';
import { accepted, refused } from './decision.ts';
import type { Decision } from './decision.ts';
import { holdsPlayers, playingElsewhere } from './league-rules.ts';
import { MATCH_TEXTS, subLimit } from './match-texts.ts';
import { captainSide, sideState } from './state.ts';
import type { MatchState, Side } from './state.ts';
import { STATUS } from './statuses.ts';

/** Substitutes `side` has brought in so far (replaced players are gone, the count stays). */
export function subsOfSide(match: MatchState, side: Side): number {
  return sideState(match, side).subsUsed ?? match.players.filter((p) => p.side === side && p.isSub).length;
}

/** Statuses in which a result exists or is being settled: no substitutes any more (5, 6, 7, 8). */
export function subsClosed(match: MatchState): boolean {
  const { statusId } = match;
  return (
    statusId === STATUS.finished ||
    statusId === STATUS.cancelled ||
    statusId === STATUS.disputed ||
    statusId === STATUS.scoreEntered
  );
}

export function decideSubAdd(
  match: MatchState,
  actor: Actor,
  userId: number,
  replacesUserId: number,
  candidates: readonly SubCandidate[],
): Decision {
  const side = captainSide(match, actor.userId);
  if (side === null) return refused('forbidden', MATCH_TEXTS.subNotCaptain);
  if (subsClosed(match)) return refused('wrong-status', MATCH_TEXTS.subMatchOver);
  const candidate = candidates.find((c) => c.userId === userId);
  if (!candidate || match.players.some((p) => p.userId === userId)) {
    return refused('invalid', MATCH_TEXTS.subNotAvailable);
  }
  const replaced = match.players.find((p) => p.userId === replacesUserId && p.side === side);
  if (!replaced) return refused('invalid', MATCH_TEXTS.subReplacesUnknown);
  const max = match.settings.maxSubsPerSide;
  if (subsOfSide(match, side) >= max) return refused('invalid', subLimit(max));
  // A substitute who comes into a match in play must not be playing another one.
  if (holdsPlayers(match, side)) {
    const busy = playingElsewhere(match, [userId]);
    if (busy !== null) return refused('invalid', busy);
  }
  const player = {
    userId,
    username: candidate.username,
    side,
    rating: candidate.rating,
    isSub: true,
    replacesUserId,
  };
  const key = side === 1 ? 'challenger' : 'opponent';
  const players = match.players.flatMap((p) => (p.userId === replacesUserId ? [player] : [p]));
  return accepted({ ...match, [key]: { ...match[key], subsUsed: subsOfSide(match, side) + 1 }, players }, [
    { type: 'SubAdded', userId, side },
    { type: 'MatchDetailUpdate' },
    { type: 'Notify', userIds: [userId], kind: 'sub-added' },
  ]);
}

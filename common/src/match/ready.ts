// Tournament ready check (status 9): captains set their team ready; at the deadline a team that is not
// ready forfeits, and if neither is ready the match is cancelled.
import type { Actor } from './commands.ts';
import { accepted, captainIds, moveTo, refused } from './decision.ts';
import type { Decision } from './decision.ts';
import { playerIdsOf, playingElsewhere, teamTooSmall } from './league-rules.ts';
import { isLineupComplete, lineupIncompleteText, lineupOf, lineupSizeOf } from './lineup.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import { captainSide, SIDE_CHALLENGER, SIDE_OPPONENT } from './state.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';
import { enterLocationPhase } from './location.ts';

export function decideReadySet(match: MatchState, actor: Actor, ready: boolean, now: number): Decision {
  if (match.statusId !== STATUS.readyUp) return refused('wrong-status', MATCH_TEXTS.readyWrongStatus);
  const side = captainSide(match, actor.userId);
  if (side === null) return refused('forbidden', MATCH_TEXTS.readyNotCaptain);
  if (match.readyDeadline !== null && now >= match.readyDeadline) {
    return refused('stale', MATCH_TEXTS.readyCheckOver);
  }
  const key = side === SIDE_CHALLENGER ? 'challenger' : 'opponent';
  if (match[key].ready === ready) {
    return refused('invalid', ready ? MATCH_TEXTS.readyAlready : MATCH_TEXTS.notReadyAlready);
  }
  if (ready) {
    // A team too small to play, an incomplete lineup or a lineup player still playing another match
    // cannot ready up; the ready check's deadline then applies (a forfeit when the other team is ready).
    const tooSmall = teamTooSmall(match, side, side);
    if (tooSmall !== null) return refused('invalid', tooSmall);
    if (!isLineupComplete(match, side)) {
      return refused(
        'invalid',
        lineupIncompleteText(match[key].name, lineupOf(match, side).length, lineupSizeOf(match, side)),
      );
    }
    const busy = playingElsewhere(match, playerIdsOf(match, [side]));
    if (busy !== null) return refused('invalid', busy);
  }
  const next: MatchState = { ...match, [key]: { ...match[key], ready } };
  if (!(next.challenger.ready && next.opponent.ready)) return accepted(next, [{ type: 'MatchDetailUpdate' }]);
  return enterLocationPhase({ ...next, readyDeadline: null }, now);
}

export function decideReadyDeadline(match: MatchState, now: number): Decision {
  if (match.statusId !== STATUS.readyUp) return refused('stale', MATCH_TEXTS.readyWrongStatus);
  if (match.readyDeadline === null || now < match.readyDeadline) {
    return refused('stale', MATCH_TEXTS.staleNotDue);
  }
  const { ready: challengerReady } = match.challenger;
  const { ready: opponentReady } = match.opponent;
  if (challengerReady === opponentReady) {
    // Both ready cannot happen here (it would have started the veto); neither ready cancels.
    return accepted(
      { ...moveTo(match, STATUS.cancelled), readyDeadline: null, cancelReason: 'ready-timeout' },
      [
        { type: 'MatchCancelled', reason: 'ready-timeout' },
        { type: 'MatchDetailUpdate' },
        { type: 'Notify', userIds: captainIds(match), kind: 'match-cancelled' },
      ],
    );
  }
  const winnerSide = challengerReady ? SIDE_CHALLENGER : SIDE_OPPONENT;
  return accepted(
    { ...moveTo(match, STATUS.finished), readyDeadline: null, winnerSide, forfeit: true, finishedAt: now },
    [
      { type: 'MatchDetailUpdate' },
      { type: 'MatchFinished', winnerSide, forfeit: true },
      { type: 'Notify', userIds: captainIds(match), kind: 'match-forfeited' },
    ],
  );
}

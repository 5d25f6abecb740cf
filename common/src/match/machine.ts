// The match state machine: `decide(match, command, now)` returns the new state and the events it caused,
// or a refusal. Pure: no I/O, no clock (`now` is epoch ms), no Math.random (the seed is in the state).
// The server runs one command per match at a time (row lock), stores `match`, then publishes `events`.
import { assertNever } from './assert-never.ts';
import { decideResultAward } from './award.ts';
import { decideCancel, decideChallengeAccept, decideScheduleStart } from './challenge.ts';
import type { MatchCommand } from './commands.ts';
import type { Decision } from './decision.ts';
import type { MatchEvent } from './events.ts';
import { decideDisputeResolve } from './dispute.ts';
import { withAvailability } from './league-rules.ts';
import { decideLineupSet } from './lineup.ts';
import { decideLocationDeadline, decideLocationPings, decideLocationVote } from './location.ts';
import { decidePickSelect, decidePickTimeout } from './pick.ts';
import { decideReadyDeadline, decideReadySet } from './ready.ts';
import {
  decideDisputeOpen,
  decideScoreApprove,
  decideScoreFromLog,
  decideScoreSubmit,
  decideScoreTimeout,
} from './score.ts';
import { decideScheduleAccept, decideScheduleDeadline, decideSchedulePropose } from './schedule.ts';
import type { MatchState } from './state.ts';
import { decideSubAdd } from './sub.ts';
import { decideVetoSelect, decideVetoTimeout } from './veto.ts';

export type { Decision } from './decision.ts';

export function decide(match: MatchState, command: MatchCommand, now: number): Decision {
  // The server's fresh facts about the teams and players (league-rules.ts) are read by the rules from the
  // state; they are never part of the state that is stored.
  const facts =
    'availability' in command && command.availability ? withAvailability(match, command.availability) : match;
  const decision = route(facts, command, now);
  if (!decision.ok) return decision;
  // Every status change refreshes the match room, whichever sub-phase made it.
  const moved = decision.match.statusId !== match.statusId;
  const events: MatchEvent[] = moved ? [...decision.events, { type: 'MatchDetailUpdate' }] : decision.events;
  const { elsewhere: _elsewhere, ...stored } = decision.match;
  return { ...decision, match: stored, events: dedupe(events) };
}

function route(match: MatchState, command: MatchCommand, now: number): Decision {
  switch (command.type) {
    case 'challenge.accept':
      return decideChallengeAccept(match, command.actor, now, command.lineup);
    case 'lineup.set':
      return decideLineupSet(match, command.actor, command.userIds, command.roster);
    case 'match.cancel':
      return decideCancel(match, command.actor, now);
    case 'schedule.propose':
      return decideSchedulePropose(match, command.actor, command.times, now, command.window ?? null);
    case 'schedule.accept':
      return decideScheduleAccept(match, command.actor, command.time, now, command.window ?? null);
    case 'schedule.deadline':
      return decideScheduleDeadline(match, command.fallback, now);
    case 'schedule.start':
      return decideScheduleStart(match, now);
    case 'ready.set':
      return decideReadySet(match, command.actor, command.ready, now);
    case 'ready.deadline':
      return decideReadyDeadline(match, now);
    case 'veto.select':
      return decideVetoSelect(match, command.actor, command.mapId, now);
    case 'veto.timeout':
      return decideVetoTimeout(match, command.step, now, command.preferences ?? null);
    case 'pick.select':
      return decidePickSelect(match, command.actor, command.playerUserId, now);
    case 'pick.timeout':
      return decidePickTimeout(match, command.step, now);
    case 'location.vote':
      return decideLocationVote(match, command.actor, command.locationId, now);
    case 'location.pings':
      return decideLocationPings(match, command.actor, command.pings, now);
    case 'location.deadline':
      return decideLocationDeadline(match, now);
    case 'score.submit':
      return decideScoreSubmit(match, command.actor, command.scores, now, command.log ?? null);
    case 'score.fromLog':
      return decideScoreFromLog(match, command.scores, now);
    case 'score.approve':
      return decideScoreApprove(match, command.actor, command.approve, now);
    case 'score.timeout':
      return decideScoreTimeout(match, now, command.log ?? null);
    case 'dispute.open':
      return decideDisputeOpen(match, command.actor, now);
    case 'dispute.resolve':
      return decideDisputeResolve(match, command.actor, command.resolution, now);
    case 'result.award':
      return decideResultAward(match, command.actor, command.award, now);
    case 'sub.add':
      return decideSubAdd(match, command.actor, command.userId, command.replacesUserId, command.candidates);
    default:
      return assertNever(command);
  }
}

/** Chained sub-phases may each announce the same thing (two `MatchDetailUpdate`s); publish it once. */
function dedupe(events: MatchEvent[]): MatchEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => {
    const key = JSON.stringify(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

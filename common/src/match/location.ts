// Location select (status 11): every match player has one vote, which they may change; when the countdown
// ends the most-voted location wins. Tie rule: among the tied locations, the one listed first in
// `location.candidateIds` wins (the server lists them by ascending id, so the lowest id). No votes at all
// is a tie of every location. Then the map veto (2) between the captains.
import type { Actor } from './commands.ts';
import { accepted, moveTo, refused, secondsLater } from './decision.ts';
import type { Decision } from './decision.ts';
import type { MatchEvent } from './events.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import { playerSide } from './state.ts';
import type { MatchState } from './state.ts';
import { STATUS } from './statuses.ts';
import { startVeto } from './veto.ts';

export function locationVotes(match: MatchState, locationId: number): number {
  return match.location.votes.filter((v) => v.locationId === locationId).length;
}

/** Enter 11 with the countdown running; with nothing to vote for, go straight on to the veto. */
export function startLocationVote(match: MatchState, now: number): Decision {
  const voting = moveTo(match, STATUS.locationSelect);
  if (match.location.candidateIds.length === 0) {
    const vetoed = startVeto(voting, now);
    return vetoed.ok ? accepted(vetoed.match, [{ type: 'MatchDetailUpdate' }, ...vetoed.events]) : vetoed;
  }
  return accepted(
    {
      ...voting,
      location: {
        ...match.location,
        votes: [],
        chosenId: null,
        deadline: secondsLater(now, match.settings.locationVoteSeconds),
      },
    },
    [{ type: 'MatchDetailUpdate' }],
  );
}

export function decideLocationVote(
  match: MatchState,
  actor: Actor,
  locationId: number,
  now: number,
): Decision {
  if (match.statusId !== STATUS.locationSelect)
    return refused('wrong-status', MATCH_TEXTS.locationWrongStatus);
  if (playerSide(match, actor.userId) === null) return refused('forbidden', MATCH_TEXTS.locationNotPlayer);
  if (!match.location.candidateIds.includes(locationId))
    return refused('invalid', MATCH_TEXTS.locationUnknown);
  if (match.location.deadline !== null && now >= match.location.deadline) {
    return refused('stale', MATCH_TEXTS.locationVoteOver);
  }
  const previous = match.location.votes.find((v) => v.userId === actor.userId);
  const votes = [
    ...match.location.votes.filter((v) => v.userId !== actor.userId),
    { userId: actor.userId, locationId },
  ];
  const next: MatchState = { ...match, location: { ...match.location, votes } };
  const changed = [
    locationId,
    ...(previous && previous.locationId !== locationId ? [previous.locationId] : []),
  ];
  const events: MatchEvent[] = changed.map((id) => ({
    type: 'LocationVoteUpdate',
    locationId: id,
    votes: locationVotes(next, id),
  }));
  return accepted(next, events);
}

/** The most-voted location (tie rule above), or null when none is offered. */
export function winningLocation(match: MatchState): number | null {
  let best: { id: number; votes: number } | null = null;
  for (const id of match.location.candidateIds) {
    const votes = locationVotes(match, id);
    if (best === null || votes > best.votes) best = { id, votes };
  }
  return best?.id ?? null;
}

export function decideLocationDeadline(match: MatchState, now: number): Decision {
  if (match.statusId !== STATUS.locationSelect) return refused('stale', MATCH_TEXTS.locationWrongStatus);
  if (match.location.deadline === null || now < match.location.deadline) {
    return refused('stale', MATCH_TEXTS.staleNotDue);
  }
  const chosenId = winningLocation(match);
  const located: MatchState = { ...match, location: { ...match.location, chosenId, deadline: null } };
  const vetoed = startVeto(located, now);
  if (!vetoed.ok) return vetoed;
  const finished: MatchEvent[] =
    chosenId === null ? [] : [{ type: 'LocationVoteFinished', locationId: chosenId }];
  return accepted(vetoed.match, [...finished, ...vetoed.events]);
}

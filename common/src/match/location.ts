// Location select (status 11): every match player (the lineups; solo-queue: the picked players) has one
// vote, which they may change; when the countdown ends the most-voted location wins. Tie rule: among the
// tied locations (no votes at all is a tie of every location), the lowest median of the pings the players'
// browsers measured (`location.pings`; a location nobody measured ranks after every measured one); then
// the one listed first in `location.candidateIds` (the server lists them by ascending id, so the lowest
// id). Then the map veto (2) between the captains.
//
// Every match type reaches the veto through `enterLocationPhase`: with the competition's `fixed` rule the
// fixed location is set without a vote, with `vote` the match enters 11 (solo-queue after the draft,
// ladder when the challenge is due to start, tournament when both teams are ready).
import type { Actor } from './commands.ts';
import { accepted, moveTo, refused, secondsLater } from './decision.ts';
import type { Decision } from './decision.ts';
import type { MatchEvent } from './events.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import { playerIdsOf, playingElsewhere } from './league-rules.ts';
import { missingLineup } from './lineup.ts';
import { playerSide } from './state.ts';
import type { LocationDecidedBy, LocationPing, MatchState } from './state.ts';
import { STATUS } from './statuses.ts';
import { startVeto } from './veto.ts';

export function locationVotes(match: MatchState, locationId: number): number {
  return match.location.votes.filter((v) => v.locationId === locationId).length;
}

/**
 * The step before the veto, for every match type: the fixed location (`fixed` rule) and on to the veto,
 * or 11 with the countdown running (`vote`); with nothing to vote for, straight on to the veto. Refused
 * like the veto while a lineup is incomplete, or while a player of either side plays another match in play.
 */
export function enterLocationPhase(match: MatchState, now: number): Decision {
  const missing = missingLineup(match);
  if (missing !== null) return refused('invalid', missing);
  // From here the match holds its players: none may be playing another match (the match waits until then).
  const busy = playingElsewhere(match, playerIdsOf(match, [1, 2]));
  if (busy !== null) return refused('invalid', busy);
  const { locationRule, fixedLocationId } = match.settings;
  if (locationRule === 'fixed' && fixedLocationId !== null) {
    return startVeto(
      {
        ...match,
        location: { ...match.location, chosenId: fixedLocationId, decidedBy: 'fixed', deadline: null },
      },
      now,
    );
  }
  if (match.location.candidateIds.length === 0) return startVeto(match, now);
  return accepted(
    {
      ...moveTo(match, STATUS.locationSelect),
      location: {
        ...match.location,
        votes: [],
        pings: [],
        chosenId: null,
        decidedBy: null,
        deadline: secondsLater(now, match.settings.locationVoteSeconds),
      },
    },
    [{ type: 'MatchDetailUpdate' }],
  );
}

/** Kept for the draft's end (solo-queue): the same step as every other match type. */
export const startLocationVote = enterLocationPhase;

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

/** Checks and keeps a player's measured pings (replacing theirs); no broadcast, nobody else sees them. */
export function decideLocationPings(
  match: MatchState,
  actor: Actor,
  pings: { locationId: number; ms: number }[],
  now: number,
): Decision {
  if (match.statusId !== STATUS.locationSelect)
    return refused('wrong-status', MATCH_TEXTS.locationWrongStatus);
  if (playerSide(match, actor.userId) === null) return refused('forbidden', MATCH_TEXTS.locationNotPlayer);
  if (pings.some((p) => !match.location.candidateIds.includes(p.locationId)))
    return refused('invalid', MATCH_TEXTS.locationUnknown);
  if (match.location.deadline !== null && now >= match.location.deadline) {
    return refused('stale', MATCH_TEXTS.locationVoteOver);
  }
  const mine: LocationPing[] = [];
  for (const p of pings) {
    // One value per location: the last one listed.
    const at = mine.findIndex((m) => m.locationId === p.locationId);
    const ping = { userId: actor.userId, locationId: p.locationId, ms: p.ms };
    if (at >= 0) mine[at] = ping;
    else mine.push(ping);
  }
  const others = (match.location.pings ?? []).filter((p) => p.userId !== actor.userId);
  return accepted({ ...match, location: { ...match.location, pings: [...others, ...mine] } }, []);
}

/** The median of the pings the match's players measured to `locationId`, or null when nobody did. */
export function medianPing(match: MatchState, locationId: number): number | null {
  const values = (match.location.pings ?? [])
    .filter((p) => p.locationId === locationId && playerSide(match, p.userId) !== null)
    .map((p) => p.ms)
    .sort((a, b) => a - b);
  if (values.length === 0) return null;
  const mid = Math.floor(values.length / 2);
  return values.length % 2 === 1 ? (values[mid] ?? null) : ((values[mid - 1] ?? 0) + (values[mid] ?? 0)) / 2;
}

/** The location the vote chose (rules above) and which rule decided, or null when none is offered. */
export function winningLocation(match: MatchState): { id: number; decidedBy: LocationDecidedBy } | null {
  const counted = match.location.candidateIds.map((id) => ({ id, votes: locationVotes(match, id) }));
  const most = Math.max(0, ...counted.map((c) => c.votes));
  const tied = counted.filter((c) => c.votes === most);
  const [first] = tied;
  if (first === undefined) return null;
  if (most > 0 && tied.length === 1) return { id: first.id, decidedBy: 'vote' };
  let best: { id: number; median: number } | null = null;
  for (const { id } of tied) {
    const median = medianPing(match, id);
    if (median !== null && (best === null || median < best.median)) best = { id, median };
  }
  return best ? { id: best.id, decidedBy: 'ping' } : { id: first.id, decidedBy: 'lowest_id' };
}

export function decideLocationDeadline(match: MatchState, now: number): Decision {
  if (match.statusId !== STATUS.locationSelect) return refused('stale', MATCH_TEXTS.locationWrongStatus);
  if (match.location.deadline === null || now < match.location.deadline) {
    return refused('stale', MATCH_TEXTS.staleNotDue);
  }
  const winner = winningLocation(match);
  const chosenId = winner?.id ?? null;
  const located: MatchState = {
    ...match,
    location: { ...match.location, chosenId, decidedBy: winner?.decidedBy ?? null, deadline: null },
  };
  const vetoed = startVeto(located, now);
  if (!vetoed.ok) return vetoed;
  const finished: MatchEvent[] =
    chosenId === null ? [] : [{ type: 'LocationVoteFinished', locationId: chosenId }];
  return accepted(vetoed.match, [...finished, ...vetoed.events]);
}

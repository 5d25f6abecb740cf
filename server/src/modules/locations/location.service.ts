// Location select (status 11): the offered locations with their votes, and a player's vote, which goes
// through the match runner (row lock, machine, commit, then `OnMatchAutoLocationVoteUpdate`).
import { locationVotes } from '@versus/common/match/location';
import { canVoteLocation } from '@versus/common/match/policies';
import type { UserRow } from '../../db/schema/index.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { runMatchCommand } from '../matches/match-runner.ts';
import { actorOf, findMatch, viewerOf } from '../matches/match.service.ts';
import { remainingSecondsOf } from './location-countdown.ts';
import { locationsByIds } from './location.repository.ts';

export const LOCATION_TEXTS = {
  /** The spec's success toast. */
  selected: 'Location was selected successfully!',
} as const;

export interface LocationView {
  id: number;
  /** Base URL the browser measures latency against (`{hostname}/ping`). */
  hostname: string;
  city: string;
  country: string;
  flag: string;
  votes: number;
}

export interface LocationListMeta {
  /** As `OnMatchAutoLocationPickerUpdate` carries it: -1 not started (or over), 0 deciding. */
  remainingSeconds: number;
  /** The viewer's current vote, or null. */
  votedLocationId: number | null;
  /** The winner once the vote is over, else null. */
  chosenLocationId: number | null;
  canVote: boolean;
}

/** The locations offered to the match (ascending id, the tie-break order) with their vote counts. */
export async function listMatchLocations(
  engine: MatchEngine,
  matchId: number,
  user: UserRow | null,
): Promise<{ data: LocationView[]; meta: LocationListMeta }> {
  const record = await findMatch(engine, matchId);
  const match = record.state;
  const rows = await locationsByIds(engine.db, match.location.candidateIds);
  const now = engine.now();
  return {
    data: rows.map((l) => ({
      id: l.id,
      hostname: l.hostname,
      city: l.city,
      country: l.country,
      flag: l.flag,
      votes: locationVotes(match, l.id),
    })),
    meta: {
      remainingSeconds: remainingSecondsOf(match, now),
      votedLocationId: match.location.votes.find((v) => v.userId === user?.id)?.locationId ?? null,
      chosenLocationId: match.location.chosenId,
      canVote: canVoteLocation(match, viewerOf(user), now),
    },
  };
}

export async function voteLocation(
  engine: MatchEngine,
  user: UserRow,
  matchId: number,
  locationId: number,
): Promise<{ message: string }> {
  await runMatchCommand(engine, matchId, { type: 'location.vote', actor: actorOf(user), locationId });
  return { message: LOCATION_TEXTS.selected };
}

// Location select (status 11): the offered locations with their votes, and a player's vote, which goes
// through the match runner (row lock, machine, commit, then `OnMatchAutoLocationVoteUpdate`).
import type { MatchLocations } from '@versus/common/api/locations';
import { locationName } from '@versus/common/location-name';
import { locationVotes } from '@versus/common/match/location';
import { canVoteLocation } from '@versus/common/match/policies';
import type { UserRow } from '../../../db/schema/index.ts';
import type { AppContext } from '../../../core/app-context.ts';
import { actorOf, readMatchForView, viewerOf } from '../core/match.service.ts';
import { runMatchCommand } from '../core/match-runner.ts';
import { remainingSecondsOf } from './location-countdown.ts';
import { locationsByIds } from './location.repository.ts';

export const LOCATION_TEXTS = {
  /** The spec's success toast. */
  selected: 'Location was selected successfully!',
  pingsSaved: 'Pings were saved.',
} as const;

export type { LocationListMeta, MatchLocation as LocationView } from '@versus/common/api/locations';

/** The locations offered to the match (ascending id, the tie-break order) with their vote counts. */
export async function listMatchLocations(
  ctx: AppContext,
  matchId: number,
  user: UserRow | null,
): Promise<MatchLocations> {
  const record = await readMatchForView(ctx, matchId);
  const match = record.state;
  const rows = await locationsByIds(ctx.db, match.location.candidateIds);
  const now = ctx.now();
  return {
    data: rows.map((l) => ({
      id: l.id,
      hostname: l.hostname,
      name: locationName(l.name, l.hostname),
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
  ctx: AppContext,
  user: UserRow,
  matchId: number,
  locationId: number,
): Promise<{ message: string }> {
  await runMatchCommand(ctx, matchId, { type: 'location.vote', actor: actorOf(user), locationId });
  return { message: LOCATION_TEXTS.selected };
}

/** Keeps what the player's browser measured (through the runner: row lock, machine, no broadcast). */
export async function saveLocationPings(
  ctx: AppContext,
  user: UserRow,
  matchId: number,
  pings: { locationId: number; ms: number }[],
): Promise<{ message: string }> {
  await runMatchCommand(ctx, matchId, { type: 'location.pings', actor: actorOf(user), pings });
  return { message: LOCATION_TEXTS.pingsSaved };
}

// The Location Voting modal (status 11): the offered locations with their votes, a vote, and the events.
import { z } from 'zod';
import { idParam, messageAnswer } from './primitives.ts';

export const locationMatchParams = z.object({ id: idParam('Match') });
export const locationVoteParams = z.object({ id: idParam('Match'), locationId: idParam('Location') });

export const matchLocationSchema = z
  .object({
    id: z.number(),
    /** Base URL the browser measures latency against (`{hostname}/ping`). */
    hostname: z.string(),
    city: z.string(),
    country: z.string(),
    flag: z.string(),
    votes: z.number(),
  })
  .meta({ id: 'MatchLocation' });
export type MatchLocation = z.infer<typeof matchLocationSchema>;

export const locationListMetaSchema = z.object({
  /** As `OnMatchAutoLocationPickerUpdate` carries it: -1 not started (or over), 0 deciding. */
  remainingSeconds: z.number(),
  /** The viewer's current vote, or null. */
  votedLocationId: z.number().nullable(),
  /** The winner once the vote is over, else null. */
  chosenLocationId: z.number().nullable(),
  canVote: z.boolean(),
});
export type LocationListMeta = z.infer<typeof locationListMetaSchema>;

/** `GET /api/v1/match-detail/location/{id}`: ascending id (the tie-break order). */
export const matchLocationsAnswer = z
  .object({ data: z.array(matchLocationSchema), meta: locationListMetaSchema })
  .meta({ id: 'MatchLocations' });
export type MatchLocations = z.infer<typeof matchLocationsAnswer>;

/** `{message: 'Location was selected successfully!'}` */
export const locationVoteAnswer = messageAnswer;

/** `OnMatchAutoLocationVoteUpdate`: a location's new vote count. */
export const locationVoteEvent = z.object({
  matchId: z.number(),
  /** Location id. */
  id: z.number(),
  votes: z.number(),
});

/** `OnMatchAutoLocationPickerUpdate`: seconds left of the location vote; -1 not started, 0 deciding. */
export const locationCountdownEvent = z.object({ matchId: z.number(), remainingSeconds: z.number() });

/** `OnMatchAutoLocationFinishUpdate`: close the voting modal; `locationId` is the chosen location. */
export const locationFinishEvent = z.object({ matchId: z.number(), locationId: z.number() });

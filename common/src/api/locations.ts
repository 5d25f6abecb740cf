// The Location Voting modal (status 11): the offered locations with their votes, a vote, and the events.
import { z } from 'zod';
import { idParam, MAX_ID, messageAnswer } from './primitives.ts';

export const locationMatchParams = z.object({ id: idParam('Match') });
export const locationVoteParams = z.object({ id: idParam('Match'), locationId: idParam('Location') });

export const matchLocationSchema = z
  .object({
    id: z.number(),
    /** Base URL the browser measures latency against (`{hostname}/ping`); not shown to players. */
    hostname: z.string(),
    /** What the card shows: the admin's name for the location, else the host of `hostname`. */
    name: z.string(),
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

/** The highest ping a browser may report (ms); slower is no better a tie-break than this. */
export const MAX_PING_MS = 10_000;

/**
 * `POST /api/v1/match-detail/location/{id}/pings`: what the viewer's browser measured to each offered
 * location (`{hostname}/ping`), replacing what it sent before. Decides a tied or empty vote (lowest median).
 */
export const locationPingsBody = z.object({
  pings: z
    .array(
      z.object({
        locationId: z
          .number({ error: 'The location id field must be a location id.' })
          .int({ error: 'The location id field must be a location id.' })
          .positive({ error: 'The location id field must be a location id.' })
          .max(MAX_ID, { error: 'The location id field must be a location id.' }),
        ms: z
          .number({ error: 'The ms field must be a number.' })
          .int({ error: 'The ms field must be an integer.' })
          .min(0, { error: `The ms field must be between 0 and ${String(MAX_PING_MS)}.` })
          .max(MAX_PING_MS, { error: `The ms field must be between 0 and ${String(MAX_PING_MS)}.` }),
      }),
      { error: 'The pings field must be a list of {locationId, ms}.' },
    )
    .min(1, { error: 'The pings field must have at least 1 item.' })
    .max(64, { error: 'The pings field must not have more than 64 items.' }),
});
export type LocationPingsInput = z.input<typeof locationPingsBody>;

/** `{message: 'Pings were saved.'}` */
export const locationPingsAnswer = messageAnswer;

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

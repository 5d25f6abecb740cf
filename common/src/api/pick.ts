// The Player Picker of a solo-queue match: the pug data (the GET and `OnMatchPlayerPickerUpdate`) and a pick.
import { z } from 'zod';
import { dataOf, idParam } from './primitives.ts';

export const pickMatchParams = z.object({ matchId: idParam('Match') });
export const pickSelectParams = z.object({ matchId: idParam('Match'), userId: idParam('Player') });

/** One player of a solo-queue match as the Player Picker shows it. */
export const pickUserSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    image: z.string().nullable(),
    /** Safe CSS colours or null. */
    color: z.string().nullable(),
    backgroundColor: z.string().nullable(),
    /** Plain text. */
    className: z.string().nullable(),
    elo: z.number(),
    /** The side's team id (solo-queue: 1 challenger, 2 opponent), -1 while in the pool. */
    teamId: z.number(),
  })
  .meta({ id: 'PickUser' });
export type PickUser = z.infer<typeof pickUserSchema>;

/** A side's captain: the user id lets the web ask the pick rule (`common/src/match/click-refusal.ts`). */
const pickCaptain = z
  .object({ id: z.number(), username: z.string(), color: z.string().nullable() })
  .nullable();

/** The spec's pug data: `GET /api/v1/pug/{matchId}/users` answers `{data: PickData}`. */
export const pickDataSchema = z
  .object({
    users: z.array(pickUserSchema),
    challengerTeamId: z.number(),
    opponentTeamId: z.number(),
    challengerUser: pickCaptain,
    opponentUser: pickCaptain,
    /** The team id whose captain picks now; null when picking is over. */
    pickerTeamId: z.number().nullable(),
    /** Unix seconds: deadline of the current pick; null when picking is over. */
    timeRemaining: z.number().nullable(),
  })
  .meta({ id: 'PickData' });
export type PickData = z.infer<typeof pickDataSchema>;

export const pickDataAnswer = dataOf(pickDataSchema);
/**
 * A pick answers `{message: '<b>{username}</b> was picked successfully.'}` (HTML, the name escaped) and the
 * pick data after the pick, the same `data` as `GET /api/v1/pug/{matchId}/users`: the clicking tab, which
 * `OnMatchPlayerPickerUpdate` leaves out, takes it from here instead of refetching.
 */
export const pickSelectAnswer = z
  .object({ message: z.string(), data: pickDataSchema })
  .meta({ id: 'PickSelectAnswer' });
export type PickSelectAnswer = z.infer<typeof pickSelectAnswer>;

/** `OnMatchPlayerPickerUpdate` on match-player-picker.{id}: after every pick (a captain's or the timeout's). */
export const playerPickerEvent = z.object({
  matchId: z.number(),
  /** The pug data after the change, so listeners need not refetch; absent (refetch) past the 10 KB limit. */
  pug: pickDataSchema.optional(),
});

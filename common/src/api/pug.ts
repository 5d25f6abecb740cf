// The Player Picker of a solo-queue match: the pug data (the GET and `OnMatchPlayerPickerUpdate`) and a pick.
import { z } from 'zod';
import { dataOf, idParam } from './primitives.ts';

export const pugMatchParams = z.object({ matchId: idParam('Match') });
export const pugSelectParams = z.object({ matchId: idParam('Match'), userId: idParam('Player') });

/** One player of a solo-queue match as the Player Picker shows it. */
export const pugUserSchema = z
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
  .meta({ id: 'PugUser' });
export type PugUser = z.infer<typeof pugUserSchema>;

const pugCaptain = z.object({ username: z.string(), color: z.string().nullable() }).nullable();

/** The spec's pug data: `GET /api/v1/pug/{matchId}/users` answers `{data: PugData}`. */
export const pugDataSchema = z
  .object({
    users: z.array(pugUserSchema),
    challengerTeamId: z.number(),
    opponentTeamId: z.number(),
    challengerUser: pugCaptain,
    opponentUser: pugCaptain,
    /** The team id whose captain picks now; null when picking is over. */
    pickerTeamId: z.number().nullable(),
    /** Unix seconds: deadline of the current pick; null when picking is over. */
    timeRemaining: z.number().nullable(),
  })
  .meta({ id: 'PugData' });
export type PugData = z.infer<typeof pugDataSchema>;

export const pugDataAnswer = dataOf(pugDataSchema);
/**
 * A pick answers `{message: '<b>{username}</b> was picked successfully.'}` (HTML, the name escaped) and the
 * pug data after the pick, the same `data` as `GET /api/v1/pug/{matchId}/users`: the clicking tab, which
 * `OnMatchPlayerPickerUpdate` leaves out, takes it from here instead of refetching.
 */
export const pugSelectAnswer = z
  .object({ message: z.string(), data: pugDataSchema })
  .meta({ id: 'PugSelectAnswer' });
export type PugSelectAnswer = z.infer<typeof pugSelectAnswer>;

/** `OnMatchPlayerPickerUpdate` on match-player-picker.{id}: after every pick (a captain's or the timeout's). */
export const playerPickerEvent = z.object({
  matchId: z.number(),
  /** The pug data after the change, so listeners need not refetch; absent (refetch) past the 10 KB limit. */
  pug: pugDataSchema.optional(),
});

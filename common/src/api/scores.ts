// The Submit Score modal: whether the viewer may act, the form (played maps with entered or log-proposed
// scores), entering or editing the score sheet, and approving or disapproving it.
import { z } from 'zod';
import { MAX_ID, dataOf, idParam, messageAnswer } from './primitives.ts';

export const scoreMatchParams = z.object({ matchId: idParam('Match') });

/** `GET /api/v1/match-detail/score/{matchId}/can-submit`: the trigger button, for the viewer. */
export const canSubmitScoreSchema = z
  .object({
    canSubmit: z.boolean(),
    buttonTitle: z.enum(['Submit score', 'Edit score', 'Approve score']),
    /** `{buttonTitle}: {challenger} vs {opponent}` */
    popupTitle: z.string(),
  })
  .meta({ id: 'CanSubmitScore' });
export type CanSubmitScore = z.infer<typeof canSubmitScoreSchema>;

/** One played map of the form, in play order. */
export const enteredScoreSchema = z.object({
  /** The match map id, posted back with the sheet. */
  id: z.number(),
  mapName: z.string(),
  /** The entered score, else the score read from the game server's log, else null. */
  firstScore: z.number().nullable(),
  secondScore: z.number().nullable(),
});
export type EnteredScore = z.infer<typeof enteredScoreSchema>;

/** `GET /api/v1/match-detail/score/form/{matchId}` */
export const scoreFormSchema = z
  .object({
    teams: z.object({
      challengerTeam: z.object({ tag: z.string() }),
      opponentTeam: z.object({ tag: z.string() }),
    }),
    enteredScores: z.array(enteredScoreSchema),
    scoreEnteredByUsername: z.string().nullable(),
    /** True when the system entered the score from the game server's log. */
    scoreEnteredFromLog: z.boolean(),
    canSubmitScore: z.boolean(),
    canEditScore: z.boolean(),
    canHandleScore: z.boolean(),
  })
  .meta({ id: 'ScoreForm' });
export type ScoreForm = z.infer<typeof scoreFormSchema>;

const score = (field: string) => z.number({ error: `The ${field} must be a number or empty.` }).nullable();

/** One map's scores of a sheet: `id` = the match map id. */
export const scoreSheetRowSchema = z.object({
  id: z.number({ error: 'The map id must be a number.' }).int().positive().max(MAX_ID),
  firstScore: score('first score'),
  secondScore: score('second score'),
});

/** The list of a sheet (the score form's and an admin's resolution). */
export const scoreSheetRows = z.array(scoreSheetRowSchema, { error: 'The scores field is required.' });

/** `POST /api/v1/match-detail/score/form/{matchId}`: one pair per played map. */
export const scoreSheetBody = z.object({
  scores: scoreSheetRows.min(1, { error: 'The scores field is required.' }).max(9),
});
export type ScoreSheetInput = z.output<typeof scoreSheetBody>;

/** `POST .../approve`: `approve` 1 (approve) or 0 (disapprove); booleans and "1"/"0" are accepted too. */
export const approveScoreBody = z.object({
  approve: z.union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()], {
    error: 'The approve field must be 1 or 0.',
  }),
});

export const canSubmitScoreAnswer = dataOf(canSubmitScoreSchema);
export const scoreFormAnswer = dataOf(scoreFormSchema);
/** Submitting, approving and disapproving answer `{message}` with the spec's text. */
export const scoreCommandAnswer = messageAnswer;

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

/** One played map as the game server's log counts it, beside the entered score. */
export const serverLogScoreSchema = z.object({
  /** The match map id (as in `enteredScores`). */
  id: z.number(),
  mapName: z.string(),
  /** Rounds won: challenger, opponent. */
  firstScore: z.number(),
  secondScore: z.number(),
  /** The map is being played now: not over yet, and the log is still being written. */
  live: z.boolean(),
});
export type ServerLogScore = z.infer<typeof serverLogScoreSchema>;

/**
 * What the game server's log says, for the captains to compare (null: no log arrived for this match; the
 * hand-entered flow applies as it is).
 */
export const serverLogSchema = z.object({
  /** The played maps the log has a round score for, in play order. */
  maps: z.array(serverLogScoreSchema),
  /**
   * The log's finished maps decide the series: a captain's score equal to it finishes the match, a
   * different one needs the other captain's approval (unanswered, the log's result is taken).
   */
  hasResult: z.boolean(),
  /** A score is entered and differs from the log's result. */
  differs: z.boolean(),
});
export type ServerLogView = z.infer<typeof serverLogSchema>;

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
    /** The game server's log beside the entered score; null when the match has no log. */
    serverLog: serverLogSchema.nullable(),
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

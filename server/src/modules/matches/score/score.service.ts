// Scores (4 → 8 → 5, or back to 4): the modal's reads and the two commands, through the match runner.
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import type { MapScore } from '@versus/common/match/state';
import type { UserRow } from '../../../db/schema/index.ts';
import { ValidationError } from '../../../errors.ts';
import type { AppContext } from '../../../core/app-context.ts';
import { actorOf, readMatch, readMatchForView, viewerOf } from '../core/match.service.ts';
import { readServerLog } from './match-log.ts';
import { runMatchCommand } from '../core/match-runner.ts';
import { proposedScores } from './proposed-scores.repository.ts';
import type { ScoreSheetInput } from '@versus/common/api/scores';
import { playedMapRows, presentCanSubmit, presentScoreForm, SCORE_TEXTS } from './score.presenter.ts';

export async function getCanSubmit(ctx: AppContext, matchId: number, user: UserRow | null) {
  return presentCanSubmit(await readMatchForView(ctx, matchId), viewerOf(user), ctx.now());
}

export async function getScoreForm(ctx: AppContext, matchId: number, user: UserRow | null) {
  const record = await readMatch(ctx, matchId);
  const now = ctx.now();
  const proposals = await proposedScores(ctx.db, matchId);
  const log = await readServerLog(
    ctx.db,
    record,
    { serverLogQuietSeconds: ctx.config.matches.serverLogQuietSeconds },
    now,
  );
  return presentScoreForm(record, viewerOf(user), now, proposals, log);
}

/** The posted sheet (match map ids) as the machine's sheet (map ids); unknown ids are refused. */
export async function toMapScores(
  ctx: AppContext,
  matchId: number,
  sheet: ScoreSheetInput['scores'],
): Promise<MapScore[]> {
  const rows = playedMapRows(await readMatch(ctx, matchId));
  return sheet.map((entry) => {
    const found = rows.find((r) => r.row.id === entry.id);
    if (!found) throw new ValidationError({ scores: [MATCH_TEXTS.scoreMapsMismatch] });
    return { mapId: found.row.mapId, challengerScore: entry.firstScore, opponentScore: entry.secondScore };
  });
}

export async function submitScore(
  ctx: AppContext,
  user: UserRow,
  matchId: number,
  sheet: ScoreSheetInput['scores'],
) {
  const scores = await toMapScores(ctx, matchId, sheet);
  await runMatchCommand(ctx, matchId, { type: 'score.submit', actor: actorOf(user), scores });
  return { message: SCORE_TEXTS.submitted };
}

export async function approveScore(ctx: AppContext, user: UserRow, matchId: number, approve: boolean) {
  await runMatchCommand(ctx, matchId, { type: 'score.approve', actor: actorOf(user), approve });
  return { message: approve ? SCORE_TEXTS.approved : SCORE_TEXTS.disapproved };
}

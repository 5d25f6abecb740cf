// Scores (4 → 8 → 5, or back to 4): the modal's reads and the two commands, through the match runner.
import { MATCH_TEXTS } from '@versus/common/match/match-texts';
import type { MapScore } from '@versus/common/match/state';
import type { UserRow } from '../../db/schema/index.ts';
import { ValidationError } from '../../errors.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { findRuledMatch } from '../matches/match-rules.ts';
import { runMatchCommand } from '../matches/match-runner.ts';
import { actorOf, viewerOf } from '../matches/match.service.ts';
import { proposedScores } from '../statistics/proposed-scores.ts';
import type { ScoreSheetInput } from './score.schemas.ts';
import { playedMapRows, presentCanSubmit, presentScoreForm, SCORE_TEXTS } from './score.presenter.ts';

export async function getCanSubmit(engine: MatchEngine, matchId: number, user: UserRow | null) {
  return presentCanSubmit(await findRuledMatch(engine, matchId), viewerOf(user), engine.now());
}

export async function getScoreForm(engine: MatchEngine, matchId: number, user: UserRow | null) {
  const record = await findRuledMatch(engine, matchId);
  const proposals = await proposedScores(engine.db, matchId);
  return presentScoreForm(record, viewerOf(user), engine.now(), proposals);
}

/** The posted sheet (match map ids) as the machine's sheet (map ids); unknown ids are refused. */
export async function toMapScores(
  engine: MatchEngine,
  matchId: number,
  sheet: ScoreSheetInput['scores'],
): Promise<MapScore[]> {
  const rows = playedMapRows(await findRuledMatch(engine, matchId));
  return sheet.map((entry) => {
    const found = rows.find((r) => r.row.id === entry.id);
    if (!found) throw new ValidationError({ scores: [MATCH_TEXTS.scoreMapsMismatch] });
    return { mapId: found.row.mapId, challengerScore: entry.firstScore, opponentScore: entry.secondScore };
  });
}

export async function submitScore(
  engine: MatchEngine,
  user: UserRow,
  matchId: number,
  sheet: ScoreSheetInput['scores'],
) {
  const scores = await toMapScores(engine, matchId, sheet);
  await runMatchCommand(engine, matchId, { type: 'score.submit', actor: actorOf(user), scores });
  return { message: SCORE_TEXTS.submitted };
}

export async function approveScore(engine: MatchEngine, user: UserRow, matchId: number, approve: boolean) {
  await runMatchCommand(engine, matchId, { type: 'score.approve', actor: actorOf(user), approve });
  return { message: approve ? SCORE_TEXTS.approved : SCORE_TEXTS.disapproved };
}

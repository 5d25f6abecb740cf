// The Submit Score modal's data: the teams' tags, one row per played map (the entered score, else the
// score read from the game server's log as a proposal) and what the viewer may do with it.
import type { CanSubmitScore, EnteredScore, ScoreForm, ServerLogView } from '@versus/common/api/scores';
import { canEditScore, canHandleScore, canSubmitScore } from '@versus/common/match/policies';
import type { Viewer } from '@versus/common/match/policies';
import { mapIsOver } from '@versus/common/match/promod';
import { validLogResult } from '@versus/common/match/score';
import { sameSheet, type ServerLog } from '@versus/common/match/server-log';
import type { MatchRecord } from '../core/match-state.mapper.ts';
import type { ProposedMapScore } from './proposed-scores.repository.ts';

export const SCORE_TEXTS = {
  submitted: 'Match score was submitted successfully',
  approved: 'Match score was approved successfully',
  disapproved: 'Match score was disapproved successfully',
  submitButton: 'Submit score',
  editButton: 'Edit score',
  handleButton: 'Approve score',
} as const;

function scoreFlags(record: MatchRecord, viewer: Viewer, now: number) {
  return {
    canSubmitScore: canSubmitScore(record.state, viewer),
    canEditScore: canEditScore(record.state, viewer),
    canHandleScore: canHandleScore(record.state, viewer, now),
  };
}

/** The played maps in play order, as the form lists them. */
export function playedMapRows(record: MatchRecord) {
  return record.maps
    .flatMap((m) => (m.row && m.row.mapOrder !== null ? [{ info: m, row: m.row }] : []))
    .sort((a, b) => (a.row.mapOrder ?? 0) - (b.row.mapOrder ?? 0));
}

/** The log beside the entered score: per map, whether it decides the series, whether the entry differs. */
function presentServerLog(record: MatchRecord, log: ServerLog | null): ServerLogView | null {
  if (!log) return null;
  const maps = playedMapRows(record).flatMap(({ info, row }) => {
    const s = log.maps.find((m) => m.mapId === row.mapId);
    if (!s) return [];
    const live = log.fresh && !mapIsOver(s.firstScore, s.secondScore, log.roundsToWin);
    return [{ id: row.id, mapName: info.name, firstScore: s.firstScore, secondScore: s.secondScore, live }];
  });
  const result = validLogResult(record.state, log);
  const entered = record.state.score.maps;
  return {
    maps,
    hasResult: result !== null,
    differs: result !== null && entered !== null && !sameSheet(entered, result.sheet),
  };
}

/**
 * `proposals`: the scores the game server's log proposes, shown on maps nobody entered a score for;
 * `log`: the same log as the score rules take it (null when the match has none).
 */
export function presentScoreForm(
  record: MatchRecord,
  viewer: Viewer,
  now: number,
  proposals: readonly ProposedMapScore[],
  log: ServerLog | null = null,
): ScoreForm {
  const { state } = record;
  const enteredBy = state.score.enteredByUserId;
  const enteredScores: EnteredScore[] = playedMapRows(record).map(({ info, row }) => {
    const entered = row.firstScore !== null || row.secondScore !== null;
    const proposal = proposals.find((p) => p.id === row.id);
    return {
      id: row.id,
      mapName: info.name,
      firstScore: entered ? row.firstScore : (proposal?.firstScore ?? null),
      secondScore: entered ? row.secondScore : (proposal?.secondScore ?? null),
    };
  });
  return {
    teams: { challengerTeam: { tag: state.challenger.tag }, opponentTeam: { tag: state.opponent.tag } },
    enteredScores,
    scoreEnteredByUsername: enteredBy === null ? null : (record.users.get(enteredBy)?.username ?? null),
    /** True when the score is the game server log's (entered by the system, or confirmed by a captain). */
    scoreEnteredFromLog: state.score.fromLog === true && state.score.maps !== null,
    serverLog: presentServerLog(record, log),
    ...scoreFlags(record, viewer, now),
  };
}

/** The trigger button: shown when the viewer can submit, edit or answer the score. */
export function presentCanSubmit(record: MatchRecord, viewer: Viewer, now: number): CanSubmitScore {
  const flags = scoreFlags(record, viewer, now);
  const { challenger, opponent } = record.state;
  const buttonTitle = flags.canHandleScore
    ? SCORE_TEXTS.handleButton
    : flags.canEditScore
      ? SCORE_TEXTS.editButton
      : SCORE_TEXTS.submitButton;
  return {
    canSubmit: flags.canSubmitScore || flags.canEditScore || flags.canHandleScore,
    buttonTitle,
    popupTitle: `${buttonTitle}: ${challenger.name} vs ${opponent.name}`,
  };
}

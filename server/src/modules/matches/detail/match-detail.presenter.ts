// The match detail page's data (team panels, information tiles, score header), shaped for the viewer.
import { lineupOf, lineupSizeOf } from '@versus/common/match/lineup';
import { canType } from '@versus/common/match/policies';
import type { Viewer } from '@versus/common/match/policies';
import { RESULT_DRAW, SIDE_CHALLENGER, SIDE_OPPONENT, sideState } from '@versus/common/match/state';
import type { MatchState, Side } from '@versus/common/match/state';
import { statusName, STATUS } from '@versus/common/match/statuses';
import { isProvisional, stakesPreview } from '@versus/common/match/skill';
import { formatClassName, formatUsername } from '../../users/index.ts';
import { presentOutcome } from './match-outcome.presenter.ts';
import { matchSkills, matchWinProbability } from '../core/match-skills.ts';
import type { MatchRecord } from '../core/match-state.mapper.ts';

export interface MatchDetailTeamView {
  name: string;
  /** 'Team A' acts first in the veto (docs/match-room.md, "Map veto"). */
  side: 'Team A' | 'Team B';
  ready: boolean;
  slug: string | null;
  elo: number;
  provisional: boolean;
  players: {
    id: number;
    username: string;
    image: string | null;
    flag: string | null;
    formattedUsername: string;
    formattedClassName: string | null;
    elo: number;
    provisional: boolean;
    config: string | null;
  }[];
}

function rating(record: MatchRecord, side: Side): number {
  const team = side === SIDE_CHALLENGER ? record.teams.challenger : record.teams.opponent;
  if (team) return team.ladderRating ?? team.team.rating;
  const elos = record.state.players.filter((p) => p.side === side).map((p) => p.rating);
  return elos.length === 0 ? 1000 : Math.round(elos.reduce((a, b) => a + b, 0) / elos.length);
}

function teamView(record: MatchRecord, side: Side): MatchDetailTeamView {
  const match = record.state;
  const s = sideState(match, side);
  const team = side === SIDE_CHALLENGER ? record.teams.challenger : record.teams.opponent;
  const players = match.players
    .filter((p) => p.side === side)
    .flatMap((p) => {
      const u = record.users.get(p.userId);
      if (!u) return [];
      return [
        {
          id: u.id,
          username: u.username,
          image: u.image,
          flag: u.flag,
          formattedUsername: formatUsername(u),
          formattedClassName: formatClassName(u.className),
          elo: u.elo,
          provisional: isProvisional(u),
          config: u.configUrl,
        },
      ];
    });
  return {
    name: s.name,
    side: match.veto.firstSide === side ? 'Team A' : 'Team B',
    ready: s.ready,
    slug: team?.team.slug ?? null,
    elo: rating(record, side),
    provisional: team ? isProvisional(team.ladderSkill ?? team.team) : false,
    players,
  };
}

/**
 * The Versus tile's count of a side: the players it plays with, or, while its lineup is still being
 * made (a solo-queue draft, a lineup not chosen yet), the size it will have.
 */
function lineupCount(match: MatchState, side: Side): number {
  return Math.max(lineupOf(match, side).length, lineupSizeOf(match, side));
}

function scoreClass(match: MatchState, side: Side): string {
  if (match.statusId !== STATUS.finished && match.statusId !== STATUS.disputed) return '';
  if (match.winnerSide === null || match.winnerSide === RESULT_DRAW) return 'text-warning';
  return match.winnerSide === side ? 'text-success' : 'text-danger';
}

/** The competition's page in the web app: `/ladder/{slug}`, `/tournament/{slug}`, or the queue page. */
function competitionUrl(record: MatchRecord): string {
  const { kind, slug } = record.competition;
  return kind === 'solo-queue' ? '/queue' : `/${kind}/${slug}`;
}

/**
 * Before the result: what the side stands to gain by winning and lose by losing (the rating model's
 * preview on the current beliefs, in displayed points). After it: what it did gain (`winElo`) or lose
 * (`lossElo`), the other one 0.
 */
function eloView(
  record: MatchRecord,
  side: Side,
  preview: () => ReturnType<typeof stakesPreview>,
): { winElo: number; lossElo: number } {
  const delta = side === SIDE_CHALLENGER ? record.row.challengerRatingDelta : record.row.opponentRatingDelta;
  if (delta !== null) return { winElo: Math.max(delta, 0), lossElo: Math.max(-delta, 0) };
  return side === SIDE_CHALLENGER ? preview().challenger : preview().opponent;
}

export function presentMatchDetail(
  record: MatchRecord,
  options: { newMatchHandlingFrom: number; ratingStart?: number; viewer?: Viewer },
) {
  const match = record.state;
  const row = record.row;
  const ratingStart = options.ratingStart ?? 1000;
  const rated = row.challengerRatingDelta !== null;
  let stakes: ReturnType<typeof stakesPreview> | null = null;
  const preview = () => (stakes ??= stakesPreview(matchSkills(record), ratingStart));
  const scoreTeam = (side: Side) => {
    const s = sideState(match, side);
    const team = side === SIDE_CHALLENGER ? record.teams.challenger : record.teams.opponent;
    return {
      name: s.name,
      url: team ? `/team/${team.team.slug}` : s.captainUsername ? `/user/${s.captainUsername}` : null,
      score: side === SIDE_CHALLENGER ? match.score.challengerMaps : match.score.opponentMaps,
      scoreClass: scoreClass(match, side),
      ...eloView(record, side, preview),
    };
  };
  const start = row.startDate ?? row.expectedStartDate;
  return {
    id: match.id,
    type: match.type,
    statusId: match.statusId,
    bestOf: match.bestOf,
    newMatchHandling: options.newMatchHandlingFrom,
    /** The chat panel's input: the match's players and admins (the policy `POST /api/v1/chat` enforces). */
    canType: options.viewer ? canType(match, options.viewer) : false,
    teams: { challenger: teamView(record, SIDE_CHALLENGER), opponent: teamView(record, SIDE_OPPONENT) },
    winProbability: matchWinProbability(record),
    readyDeadline:
      match.statusId === STATUS.readyUp && row.readyDeadline ? row.readyDeadline.toISOString() : null,
    scoreApprovalDeadline:
      match.statusId === STATUS.scoreEntered && row.scoreApprovalDeadline
        ? row.scoreApprovalDeadline.toISOString()
        : null,
    locationDecidedBy: match.location.chosenId === null ? null : (match.location.decidedBy ?? null),
    information: {
      startTitle: start ? 'Start date' : 'Created',
      startDate: (start ?? row.createdAt).toISOString(),
      playerBaseCount: `${String(lineupCount(match, SIDE_CHALLENGER))} vs ${String(lineupCount(match, SIDE_OPPONENT))}`,
      mapSelection: `Best of ${String(match.bestOf)} (map veto)`,
      statusName: statusName(match.statusId),
    },
    score: {
      challengerTeam: scoreTeam(SIDE_CHALLENGER),
      opponentTeam: scoreTeam(SIDE_OPPONENT),
      // Stakes until the result, the applied change after it; nothing while disputed or cancelled.
      canShowElo:
        match.statusId === STATUS.finished
          ? rated
          : match.statusId !== STATUS.disputed && match.statusId !== STATUS.cancelled,
      canShowScore:
        match.score.challengerMaps !== null &&
        (match.statusId === STATUS.finished ||
          match.statusId === STATUS.disputed ||
          match.statusId === STATUS.scoreEntered),
      label: { title: record.competition.name, url: competitionUrl(record) },
      /** The series ended level (a competition that allows draws): the header says Draw. */
      draw: match.statusId === STATUS.finished && match.winnerSide === RESULT_DRAW,
    },
    outcome: presentOutcome(record),
  };
}

// The match detail page's data (team panels, information tiles, score header), shaped for the viewer.
import { canType } from '@versus/common/match/policies';
import type { Viewer } from '@versus/common/match/policies';
import { SIDE_CHALLENGER, SIDE_OPPONENT, sideState } from '@versus/common/match/state';
import type { MatchState, Side } from '@versus/common/match/state';
import { statusName } from '@versus/common/match/statuses';
import { stakes } from '../ratings/elo.ts';
import { formatClassName, formatUsername } from '../users/user.presenter.ts';
import type { MatchRecord } from './match-state.mapper.ts';

export interface MatchDetailTeamView {
  name: string;
  /** 'Team A' acts first in the veto (see the README's "Map veto order"). */
  side: 'Team A' | 'Team B';
  ready: boolean;
  slug: string | null;
  elo: number;
  players: {
    id: number;
    username: string;
    image: string | null;
    flag: string | null;
    formattedUsername: string;
    formattedClassName: string | null;
    elo: number;
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
    players,
  };
}

function scoreClass(match: MatchState, side: Side): string {
  if (match.statusId !== 5 && match.statusId !== 6) return '';
  if (match.winnerSide === null) return 'text-warning';
  return match.winnerSide === side ? 'text-success' : 'text-danger';
}

function competitionUrl(record: MatchRecord): string {
  const { kind, slug } = record.competition;
  return `/${kind}/${slug}`;
}

/**
 * Before the result: what the side stands to gain by winning and lose by losing (Elo on the current
 * ratings). After it: what it did gain (`winElo`) or lose (`lossElo`), the other one 0.
 */
function eloView(record: MatchRecord, side: Side, ratingK: number) {
  const delta = side === SIDE_CHALLENGER ? record.row.challengerRatingDelta : record.row.opponentRatingDelta;
  if (delta !== null) return { winElo: Math.max(delta, 0), lossElo: Math.max(-delta, 0) };
  const other = side === SIDE_CHALLENGER ? SIDE_OPPONENT : SIDE_CHALLENGER;
  return stakes(rating(record, side), rating(record, other), ratingK);
}

export function presentMatchDetail(
  record: MatchRecord,
  options: { newMatchHandlingFrom: number; ratingK?: number; viewer?: Viewer },
) {
  const match = record.state;
  const row = record.row;
  const ratingK = options.ratingK ?? 32;
  const rated = row.challengerRatingDelta !== null;
  const scoreTeam = (side: Side) => {
    const s = sideState(match, side);
    const team = side === SIDE_CHALLENGER ? record.teams.challenger : record.teams.opponent;
    return {
      name: s.name,
      url: team ? `/team/${team.team.slug}` : s.captainUsername ? `/user/${s.captainUsername}` : null,
      score: side === SIDE_CHALLENGER ? match.score.challengerMaps : match.score.opponentMaps,
      scoreClass: scoreClass(match, side),
      ...eloView(record, side, ratingK),
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
    information: {
      startTitle: start ? 'Start date' : 'Created',
      startDate: (start ?? row.createdAt).toISOString(),
      playerBaseCount: `${String(match.players.filter((p) => p.side === 1).length)} vs ${String(match.players.filter((p) => p.side === 2).length)}`,
      mapSelection: `Best of ${String(match.bestOf)} (map veto)`,
      statusName: statusName(match.statusId),
    },
    score: {
      challengerTeam: scoreTeam(SIDE_CHALLENGER),
      opponentTeam: scoreTeam(SIDE_OPPONENT),
      // Stakes until the result, the applied change after it; nothing while disputed or cancelled.
      canShowElo: match.statusId === 5 ? rated : ![6, 7].includes(match.statusId),
      canShowScore: match.score.challengerMaps !== null && [5, 6, 8].includes(match.statusId),
      label: { title: record.competition.name, url: competitionUrl(record) },
    },
  };
}

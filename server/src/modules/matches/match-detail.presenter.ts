// The match detail page's data (team panels, information tiles, score header), shaped for the viewer.
import { SIDE_CHALLENGER, SIDE_OPPONENT, sideState } from '@versus/common/match/state';
import type { MatchState, Side } from '@versus/common/match/state';
import { statusName } from '@versus/common/match/statuses';
import { formatClassName, formatUsername } from '../users/user.presenter.ts';
import type { MatchRecord } from './match-state.mapper.ts';

/** Elo step of a rated match; the header shows what each side would win or lose. */
const ELO_K = 32;

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

export function presentMatchDetail(record: MatchRecord, options: { newMatchHandlingFrom: number }) {
  const match = record.state;
  const row = record.row;
  const ratings = { 1: rating(record, SIDE_CHALLENGER), 2: rating(record, SIDE_OPPONENT) };
  const scoreTeam = (side: Side) => {
    const s = sideState(match, side);
    const team = side === SIDE_CHALLENGER ? record.teams.challenger : record.teams.opponent;
    const expected = 1 / (1 + 10 ** ((ratings[side === 1 ? 2 : 1] - ratings[side]) / 400));
    return {
      name: s.name,
      url: team ? `/team/${team.team.slug}` : s.captainUsername ? `/user/${s.captainUsername}` : null,
      score: side === SIDE_CHALLENGER ? match.score.challengerMaps : match.score.opponentMaps,
      scoreClass: scoreClass(match, side),
      winElo: Math.round(ELO_K * (1 - expected)),
      lossElo: Math.round(ELO_K * expected),
    };
  };
  const start = row.startDate ?? row.expectedStartDate;
  return {
    id: match.id,
    type: match.type,
    statusId: match.statusId,
    bestOf: match.bestOf,
    newMatchHandling: options.newMatchHandlingFrom,
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
      canShowElo: match.type !== 'tournament' && ![5, 6, 7].includes(match.statusId),
      canShowScore: match.score.challengerMaps !== null && [5, 6, 8].includes(match.statusId),
      label: { title: record.competition.name, url: competitionUrl(record) },
    },
  };
}

import type {
  MatchDetail,
  MatchDetailTeam,
  StatusActions,
  VetoMapEntry,
  VetoMatch,
} from '@versus/common/api/matches';
import type { MatchPlayer } from '@versus/common/api/match-players';
import { STATUS } from '@versus/common/match/statuses';

const MAPS = [
  ['Crash', 'mp_crash'],
  ['Crossfire', 'mp_crossfire'],
  ['District', 'mp_citystreets'],
  ['Backlot', 'mp_backlot'],
  ['Strike', 'mp_strike'],
  ['Vacant', 'mp_vacant'],
  ['Overgrown', 'mp_overgrown'],
] as const;

/** A map of the veto pool, still available unless overridden. */
export function makeVetoMap(index: number, overrides: Partial<VetoMapEntry> = {}): VetoMapEntry {
  const [name, cmd] = MAPS[index] ?? ['Bloc', 'mp_bloc'];
  return {
    id: index + 1,
    map: { name, name_cmd: cmd, image: `/images/maps/${cmd}.svg` },
    pickedByTeamId: null,
    pickedByTeamName: null,
    removedByTeamId: null,
    removedByTeamName: null,
    deciderMap: false,
    mapOrder: null,
    mapIndex: null,
    autoReason: null,
    ...overrides,
  };
}

/**
 * A BO3 ladder match in the veto: Red Dragons (RDG, captain player1, id 1) challenged Northern Wolves
 * (NWV, captain player6, id 6); it is player6's turn to ban, 20 s before the deadline at `now`.
 */
export function makeVetoMatch(overrides: Partial<VetoMatch> = {}, nowSeconds = 1_000_000): VetoMatch {
  return {
    id: 42,
    statusId: STATUS.mapVeto,
    detail: {
      type: 'ladder',
      bestOf: 3,
      teamA: { teamId: 12, name: 'Northern Wolves' },
      order: [12, 11, 12, 11, 12, 11].map((teamId, i) => ({
        teamId,
        action: i === 2 || i === 3 ? ('pick' as const) : ('ban' as const),
      })),
    },
    scores: { challenger: null, opponent: null },
    timeRemaining: nowSeconds + 20,
    maps: MAPS.map((_, i) => makeVetoMap(i)),
    challengerTeam: { id: 11, tag: 'RDG' },
    opponentTeam: { id: 12, tag: 'NWV' },
    challengerUser: { id: 1, username: 'player1' },
    opponentUser: { id: 6, username: 'player6' },
    vetoDetail: { userId: 6, teamId: 12, step: 'ban' },
    ...overrides,
  };
}

export function makeTeam(overrides: Partial<MatchDetailTeam> = {}): MatchDetailTeam {
  return {
    name: 'Red Dragons',
    side: 'Team B',
    ready: false,
    slug: 'red-dragons',
    elo: 1150.4,
    provisional: false,
    players: [
      {
        id: 1,
        username: 'player1',
        image: '/images/avatars/avatar-1.svg',
        flag: 'de',
        formattedUsername: '<span style="color:#f5f5f5">player1</span><img src=x onerror="alert(1)">',
        formattedClassName: '<span>Veteran</span>',
        elo: 900,
        provisional: true,
        config: 'https://example.com/player1.cfg',
      },
    ],
    ...overrides,
  };
}

export function makeMatchDetail(overrides: Partial<MatchDetail> = {}): MatchDetail {
  return {
    id: 42,
    type: 'ladder',
    statusId: STATUS.mapVeto,
    bestOf: 3,
    newMatchHandling: 1,
    canType: true,
    teams: {
      challenger: makeTeam(),
      opponent: makeTeam({ name: 'Northern Wolves', slug: 'northern-wolves', side: 'Team A', players: [] }),
    },
    winProbability: { challenger: 0.6, opponent: 0.4 },
    readyDeadline: null,
    scoreApprovalDeadline: null,
    locationDecidedBy: null,
    information: {
      startTitle: 'Created',
      startDate: '2025-01-02T10:00:00.000Z',
      playerBaseCount: '5 vs 5',
      mapSelection: 'Best of 3 (map veto)',
      statusName: 'Map veto',
    },
    score: {
      challengerTeam: {
        name: 'Red Dragons',
        url: '/team/red-dragons',
        score: null,
        scoreClass: '',
        winElo: 12,
        lossElo: 20,
      },
      opponentTeam: {
        name: 'Northern Wolves',
        url: '/team/northern-wolves',
        score: null,
        scoreClass: '',
        winElo: 20,
        lossElo: 12,
      },
      canShowElo: true,
      canShowScore: false,
      label: { title: 'Demo Ladder', url: '/ladder/demo' },
      draw: false,
    },
    outcome: null,
    ...overrides,
  };
}

export function makeActions(overrides: Partial<StatusActions> = {}): StatusActions {
  return {
    canSetReady: false,
    canSetUnready: false,
    canDeclineMatch: false,
    canCancelMatch: false,
    canAcceptMatch: false,
    blockedReason: null,
    ...overrides,
  };
}

/** A row of the room's player list (`GET /api/v1/match-detail/players/{id}`). */
export function makeMatchPlayer(overrides: Partial<MatchPlayer> = {}): MatchPlayer {
  const username = overrides.username ?? 'player1';
  return {
    id: 1,
    username,
    image: null,
    flag: null,
    formattedUsername: username,
    formattedClassName: null,
    elo: 1000,
    weapon: null,
    config: null,
    isCaptain: false,
    isSub: false,
    anticheat: null,
    ...overrides,
  };
}

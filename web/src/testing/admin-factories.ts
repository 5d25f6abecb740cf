// Admin answers as the API sends them, typed by the schemas of `@versus/common/api/*`. Override what a test
// cares about; `fakeAdminApi` answers every list the admin pages read.
import type {
  AdminGame,
  AdminLadder,
  AdminLocation,
  AdminMap,
  AdminMapPool,
  AdminOverview,
  AdminSoloQueue,
  AdminTournament,
  MatchSummary,
} from '@versus/common/api/admin';
import type { AdminGameServer, IdentityConflict } from '@versus/common/api/game-servers';
import { STATUS } from '@versus/common/match/statuses';
import { fakeApi, type FakeAnswer } from './fake-api';
import { installFakeEcho } from './fake-echo';
import { makeUser } from './factories';

export function makeMatchSummary(id: number, overrides: Partial<MatchSummary> = {}): MatchSummary {
  return {
    id,
    url: `/match/${id}`,
    type: 'ladder',
    statusId: STATUS.mapVeto,
    statusName: 'Map select',
    challengerTeamName: 'Red Dragons',
    opponentTeamName: 'Blue Foxes',
    challengerScore: null,
    opponentScore: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    startDate: null,
    scoreEnteredAt: null,
    scoreApprovalDeadline: null,
    ...overrides,
  };
}

export function makeOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return {
    openDisputes: [
      {
        ticketId: 4,
        url: '/ticket/4',
        description: 'They played with six.',
        openedBy: 'Soap',
        createdAt: '2025-03-01T11:00:00.000Z',
        match: makeMatchSummary(30, { statusId: STATUS.disputed, statusName: 'Disputed' }),
      },
    ],
    scoresAwaitingApproval: [
      makeMatchSummary(21, {
        statusId: STATUS.scoreEntered,
        statusName: 'Score entered',
        challengerScore: 2,
        opponentScore: 1,
        scoreEnteredAt: '2025-03-01T12:00:00.000Z',
        scoreApprovalDeadline: '2025-03-02T12:00:00.000Z',
      }),
    ],
    cancellableMatches: [makeMatchSummary(12), makeMatchSummary(13, { opponentTeamName: null })],
    ...overrides,
  };
}

const competition = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  url: `/x/${id}`,
  name,
  gameId: 1,
  mapPoolId: 1,
  teamSize: 5,
  vetoTurnSeconds: 30,
  promodMode: 'match_mr12',
  scoreApprovalSeconds: null,
  disputeWindowSeconds: null,
  drawsAllowed: false,
  locationRule: 'vote' as const,
  fixedLocationId: null,
  locationVoteSeconds: 60,
  createdAt: '2025-01-01T10:00:00.000Z',
});

export function makeTournament(overrides: Partial<AdminTournament> = {}): AdminTournament {
  return {
    ...competition(7, 'Spring Cup'),
    url: '/tournament/spring-cup',
    description: null,
    status: 'upcoming',
    format: 'single_elimination',
    maxTeams: 16,
    startDate: '2025-04-05T18:00:00.000Z',
    signupDeadline: null,
    bestOf: 1,
    finalBestOf: 3,
    roundIntervalMinutes: 60,
    readyCheckMinutes: 10,
    checkInMinutes: 0,
    seeding: 'rating',
    thirdPlaceMatch: false,
    grandFinalReset: false,
    groupCount: 1,
    swissRounds: null,
    groupStage: 'round_robin',
    playoffTeams: 4,
    archivedAt: null,
    ...overrides,
  };
}

export function makeLadder(overrides: Partial<AdminLadder> = {}): AdminLadder {
  return {
    ...competition(2, 'CoD4 5v5 Ladder'),
    url: '/ladder/cod4-5v5-ladder',
    description: null,
    isActive: true,
    archivedAt: null,
    drawsAllowed: true,
    ...overrides,
  };
}

export function makeSoloQueue(overrides: Partial<AdminSoloQueue> = {}): AdminSoloQueue {
  return {
    ...competition(3, 'EU Pick-up'),
    bestOf: 1,
    pickTurnSeconds: 30,
    teamFormation: 'draft',
    isActive: true,
    ...overrides,
  };
}

export const makeGame = (overrides: Partial<AdminGame> = {}): AdminGame => ({
  id: 1,
  slug: 'cod4',
  name: 'Call of Duty 4',
  maxMapScore: 13,
  maxCaptainedTeams: 1,
  ...overrides,
});

export const makeMap = (id: number, name: string, overrides: Partial<AdminMap> = {}): AdminMap => ({
  id,
  gameId: 1,
  name,
  nameCmd: `mp_${name.toLowerCase()}`,
  image: null,
  isActive: true,
  ...overrides,
});

export const makeMapPool = (overrides: Partial<AdminMapPool> = {}): AdminMapPool => ({
  id: 1,
  gameId: 1,
  name: 'Competitive',
  mapIds: [1, 2],
  ...overrides,
});

export const makeLocation = (overrides: Partial<AdminLocation> = {}): AdminLocation => ({
  id: 1,
  hostname: 'https://fra.example.com',
  name: 'Frankfurt #1',
  city: 'Frankfurt',
  country: 'Germany',
  flag: 'de',
  isActive: true,
  ...overrides,
});

export function makeGameServer(id: number, overrides: Partial<AdminGameServer> = {}): AdminGameServer {
  return {
    id,
    name: `Server ${id}`,
    host: '10.0.0.1',
    port: 28960 + id,
    locationId: 1,
    locationName: 'Frankfurt',
    enabled: true,
    kind: 'registered',
    status: 'ONLINE',
    lastError: null,
    map: 'mp_crash',
    players: 0,
    maxPlayers: 12,
    lastSeenAt: '2025-03-01T12:00:00.000Z',
    match: null,
    agent: {
      hasToken: true,
      lastBatchAt: null,
      batches: 0,
      duplicates: 0,
      rejected: 0,
      unattributedLines: 0,
    },
    ...overrides,
  };
}

export function makeConflict(overrides: Partial<IdentityConflict> = {}): IdentityConflict {
  return {
    id: 1,
    matchId: 30,
    matchUrl: '/match/30',
    playerId: '[U:1:424242]',
    source: 'heartbeat',
    claimant: { id: 8, username: 'player8' },
    owner: { id: 9, username: 'player9' },
    message: 'player8 tried to use player id [U:1:424242].',
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

/**
 * Signed in as the admin, with every admin list answered (and a fake realtime connection for the header);
 * `routes` add or replace answers (commands, or another list).
 */
export function fakeAdminApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  installFakeEcho();
  return fakeApi({
    'GET /api/v1/auth/me': ok(makeUser({ id: 99, username: 'admin', role: 'admin' })),
    'GET /api/v1/admin/overview': ok(makeOverview()),
    'GET /api/v1/admin/game-servers': ok([
      makeGameServer(1, { match: { id: 12, url: '/match/12', statusId: STATUS.inProgress } }),
      makeGameServer(2),
    ]),
    'GET /api/v1/admin/matches/12/guests': ok([]),
    'GET /api/v1/admin/locations': ok([makeLocation()]),
    'GET /api/v1/admin/maps': ok([makeMap(1, 'Crash'), makeMap(2, 'Strike')]),
    'GET /api/v1/admin/map-pools': ok([makeMapPool()]),
    'GET /api/v1/admin/games': ok([makeGame()]),
    'GET /api/v1/admin/tournaments': ok([makeTournament()]),
    'GET /api/v1/admin/ladders': ok([makeLadder()]),
    'GET /api/v1/admin/solo-queues': ok([makeSoloQueue()]),
    'GET /api/v1/admin/identity-conflicts': ok([makeConflict()]),
    'GET /api/v1/admin/stuck-matches': ok([]),
    ...routes,
  });
}

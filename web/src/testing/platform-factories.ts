// Team, ladder and tournament answers as the public API sends them, typed by the schemas of `@versus/common/api/*`.
// Override what a test cares about.
import type { LadderPage, LadderSummary, Standing as LadderStanding } from '@versus/common/api/ladders';
import type {
  BracketMatch,
  BracketTeam,
  TournamentPage,
  TournamentSummary,
} from '@versus/common/api/tournaments';
import type { Invitation, TeamLink, TeamListItem, TeamPage } from '@versus/common/api/teams';

/** A team as ladders link it (`/team/{slug}`). */
export function makeTeamLink(id: number, name: string, tag = name.slice(0, 3).toUpperCase()): TeamLink {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return { id, name, tag, slug, image: null, url: `/team/${slug}` };
}

/** A team as a bracket or a tournament's entry list names it. */
export function makeBracketTeam(id: number, name: string): BracketTeam {
  const { image: _image, ...team } = makeTeamLink(id, name);
  return team;
}

/** The open 5v5 ladder with two teams, as the list shows it. */
export function makeLadderSummary(overrides: Partial<LadderSummary> = {}): LadderSummary {
  return {
    id: 2,
    name: 'CoD4 5v5 Ladder',
    slug: 'cod4-5v5-ladder',
    url: '/ladder/cod4-5v5-ladder',
    description: 'Challenge any team, any night.',
    teamSize: 5,
    isActive: true,
    teamsCount: 2,
    ...overrides,
  };
}

/** One row of a ladder's standings. */
export function makeLadderStanding(
  rank: number,
  team: TeamLink,
  overrides: Partial<LadderStanding> = {},
): LadderStanding {
  return {
    rank,
    team,
    rating: 1000,
    wins: 0,
    losses: 0,
    draws: 0,
    joinedAt: '2025-01-01T10:00:00.000Z',
    isOwnTeam: false,
    canChallenge: false,
    ...overrides,
  };
}

/** The 5v5 ladder's page: Northern Wolves first, Red Dragons second; the viewer captains nothing. */
export function makeLadderPage(overrides: Partial<LadderPage> = {}): LadderPage {
  return {
    ...makeLadderSummary(),
    standings: [
      makeLadderStanding(1, makeTeamLink(7, 'Northern Wolves', 'NWV'), { rating: 1112, wins: 4, losses: 1 }),
      makeLadderStanding(2, makeTeamLink(3, 'Red Dragons', 'RD'), { rating: 988, wins: 1, losses: 3 }),
    ],
    seasons: [],
    viewer: { challengerTeams: [], joinableTeams: [] },
    ...overrides,
  };
}

/** An upcoming single-elimination cup whose sign-up is open. */
export function makeTournamentSummary(overrides: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id: 7,
    name: 'Spring Cup',
    slug: 'spring-cup',
    url: '/tournament/spring-cup',
    description: null,
    status: 'upcoming',
    teamSize: 5,
    maxTeams: 16,
    teamsCount: 2,
    bestOf: 1,
    finalBestOf: 3,
    startDate: '2025-04-05T18:00:00.000Z',
    signupDeadline: '2025-04-05T18:00:00.000Z',
    signupOpen: true,
    roundIntervalMinutes: 60,
    format: 'single_elimination',
    checkInMinutes: 0,
    checkInOpen: false,
    ...overrides,
  };
}

/** A bracket slot; a played match between Red Dragons and Northern Wolves unless told otherwise. */
export function makeBracketMatch(overrides: Partial<BracketMatch> = {}): BracketMatch {
  return {
    id: 50,
    url: '/match/50',
    statusId: null,
    statusName: 'Finished',
    bestOf: 3,
    startDate: '2025-04-05T18:00:00.000Z',
    challengerTeam: makeBracketTeam(3, 'Red Dragons'),
    opponentTeam: makeBracketTeam(7, 'Northern Wolves'),
    challengerScore: 2,
    opponentScore: 1,
    winnerSide: 1,
    bye: false,
    forfeit: false,
    ...overrides,
  };
}

/** Spring Cup's page before the draw: two teams signed up, no bracket, nothing the viewer may do. */
export function makeTournamentPage(overrides: Partial<TournamentPage> = {}): TournamentPage {
  return {
    ...makeTournamentSummary(),
    startedAt: null,
    finishedAt: null,
    winner: null,
    teams: [
      {
        seed: null,
        eliminatedInRound: null,
        signedUpAt: '2025-03-01T10:00:00.000Z',
        checkedIn: false,
        team: { ...makeBracketTeam(3, 'Red Dragons'), rating: 988 },
      },
      {
        seed: null,
        eliminatedInRound: null,
        signedUpAt: '2025-03-02T10:00:00.000Z',
        checkedIn: false,
        team: { ...makeBracketTeam(7, 'Northern Wolves'), rating: 1112 },
      },
    ],
    bracket: { format: 'single_elimination', stages: [] },
    viewer: { signupTeams: [], withdrawTeams: [], checkInTeams: [] },
    ...overrides,
  };
}

/** One row of `/teams`: a team the viewer is not on. */
export function makeTeamListItem(
  id: number,
  name: string,
  overrides: Partial<TeamListItem> = {},
): TeamListItem {
  const { image, ...link } = makeTeamLink(id, name);
  return { ...link, image, rating: 1000, members: 5, isMember: false, isCaptain: false, ...overrides };
}

/** A pending invitation of the viewer to `team`, sent by its captain Soap. */
export function makeInvitation(id: number, team: TeamLink, overrides: Partial<Invitation> = {}): Invitation {
  return {
    id,
    status: 'pending',
    createdAt: '2025-03-01T10:00:00.000Z',
    invitedBy: 'Soap',
    team,
    ...overrides,
  };
}

/** Red Dragons seen by someone not on the team: Soap captains, nothing to do. */
export function makeTeamPage(overrides: Partial<TeamPage> = {}): TeamPage {
  return {
    id: 3,
    name: 'Red Dragons',
    tag: 'RD',
    slug: 'red-dragons',
    url: '/team/red-dragons',
    image: null,
    rating: 988,
    ratingProvisional: false,
    createdAt: '2025-01-01T10:00:00.000Z',
    captain: { id: 1, username: 'Soap' },
    roster: [
      {
        id: 1,
        username: 'Soap',
        formattedUsername: '<span>Soap</span>',
        image: null,
        flag: null,
        elo: 1000,
        isCaptain: true,
        joinedAt: '2025-01-01T10:00:00.000Z',
        canKick: false,
        canMakeCaptain: false,
      },
    ],
    ladders: [],
    seasonHistory: [],
    recentMatches: [],
    pendingInvitations: [],
    viewer: { isMember: false, isCaptain: false, canInvite: false, canLeave: false, invitation: null },
    ...overrides,
  };
}

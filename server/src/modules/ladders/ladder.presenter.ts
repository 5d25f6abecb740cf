import type { LadderPage, LadderSeason, LadderSummary } from '@versus/common/api/ladders';
import type { LadderRow } from '../../db/schema/index.ts';
import { canChallenge } from './ladder.policies.ts';
import type { ChallengeView } from './ladder.policies.ts';
import type { captainedTeams, ladderStandings } from './ladder-standings.repository.ts';

type Standings = Awaited<ReturnType<typeof ladderStandings>>;
type Captained = Awaited<ReturnType<typeof captainedTeams>>;

const refs = (captained: Captained) => captained.map(({ id, name, slug }) => ({ id, name, slug }));

export function presentLadderSummary(ladder: LadderRow, teamsCount: number): LadderSummary {
  return {
    id: ladder.id,
    name: ladder.name,
    slug: ladder.slug,
    url: `/ladder/${ladder.slug}`,
    description: ladder.description,
    teamSize: ladder.teamSize,
    isActive: ladder.isActive,
    teamsCount,
  };
}

/** The ladder page: standings by rating, each with `canChallenge` for the viewer's captained teams. */
export function presentLadderPage(
  ladder: LadderRow,
  standings: Standings,
  captained: Captained,
  view: ChallengeView,
  seasons: LadderSeason[],
): LadderPage {
  const onLadder = new Set(standings.map((s) => s.team.id));
  return {
    ...presentLadderSummary(ladder, standings.length),
    standings: standings.map((s, i) => ({
      rank: i + 1,
      team: { ...s.team, url: `/team/${s.team.slug}` },
      rating: s.entry.rating,
      wins: s.entry.wins,
      losses: s.entry.losses,
      draws: s.entry.draws,
      joinedAt: s.entry.joinedAt.toISOString(),
      isOwnTeam: view.ownTeamIds.includes(s.team.id),
      canChallenge: ladder.isActive && canChallenge(view, s.team.id, s.captainId !== null),
    })),
    seasons,
    viewer: {
      /** Teams the viewer may challenge with (the challenge body's `teamId`): on the ladder, big enough. */
      challengerTeams: refs(captained).filter((t) => view.playableTeamIds.includes(t.id)),
      /** Teams the viewer captains that may still join (`POST .../join {teamId}`); any size may join. */
      joinableTeams: ladder.isActive ? refs(captained).filter((t) => !onLadder.has(t.id)) : [],
    },
  };
}

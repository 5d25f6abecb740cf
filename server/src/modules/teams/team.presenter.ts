import { isProvisional } from '@versus/common/match/skill';
import type { TeamRow } from '../../db/schema/index.ts';
import type { HistoryMatch } from '@versus/common/api/match-history';
import type { TeamPage } from '@versus/common/api/teams';
import { formatUsername } from '../users/index.ts';
import {
  canInvite,
  canKick,
  canLeave,
  canTransferTo,
  canWithdrawInvitation,
  isCaptain,
} from './team.policies.ts';
import type { Membership } from './team.policies.ts';
import type {
  teamLadderEntries,
  teamPendingInvitations,
  teamRosterWithUsers,
  teamSeasonHistory,
} from './team.repository.ts';

type Roster = Awaited<ReturnType<typeof teamRosterWithUsers>>;
type Ladders = Awaited<ReturnType<typeof teamLadderEntries>>;
type Pending = Awaited<ReturnType<typeof teamPendingInvitations>>;

export interface TeamPageParts {
  team: TeamRow;
  roster: Roster;
  ladders: Ladders;
  seasons: Awaited<ReturnType<typeof teamSeasonHistory>>;
  recentMatches: HistoryMatch[];
  /** Roster members playing an active match for the team (they cannot be kicked or leave). */
  busy: Set<number>;
  pending: Pending;
  /** How many teams of the team's game each member captains now, and how many one user may. */
  captaincies: Map<number, number>;
  captainLimit: number;
  viewerId: number | null;
}

/** `/team/{slug}`: the team, its roster with the captain, standings, recent matches and the viewer's flags. */
export function presentTeamPage(p: TeamPageParts): TeamPage {
  const viewerRow = p.roster.find((r) => r.user.id === p.viewerId);
  const viewer: Membership | null = viewerRow
    ? { userId: viewerRow.user.id, isCaptain: viewerRow.member.isCaptain }
    : null;
  const captain = p.roster.find((r) => r.member.isCaptain)?.user ?? null;
  const invited = p.pending.find((i) => i.userId === p.viewerId);
  return {
    id: p.team.id,
    name: p.team.name,
    tag: p.team.tag,
    slug: p.team.slug,
    url: `/team/${p.team.slug}`,
    image: p.team.image,
    rating: p.team.rating,
    ratingProvisional: isProvisional(p.team),
    createdAt: p.team.createdAt.toISOString(),
    captain: captain ? { id: captain.id, username: captain.username } : null,
    roster: p.roster.map(({ member, user }) => {
      const target = { userId: user.id, isCaptain: member.isCaptain };
      return {
        id: user.id,
        username: user.username,
        formattedUsername: formatUsername(user),
        image: user.image,
        flag: user.flag,
        elo: user.elo,
        isCaptain: member.isCaptain,
        joinedAt: member.joinedAt.toISOString(),
        canKick: canKick(viewer, target, p.busy.has(user.id)),
        canMakeCaptain: canTransferTo(viewer, target, p.captaincies.get(user.id) ?? 0, p.captainLimit),
      };
    }),
    ladders: p.ladders.map(({ ladder, entry }) => ({
      id: ladder.id,
      name: ladder.name,
      slug: ladder.slug,
      rating: entry.rating,
      wins: entry.wins,
      losses: entry.losses,
      draws: entry.draws,
    })),
    seasonHistory: p.seasons.map(({ ladder, season, row }) => ({
      ladder: { ...ladder, url: `/ladder/${ladder.slug}` },
      season,
      rank: row.rank,
      rating: row.rating,
      wins: row.wins,
      losses: row.losses,
      draws: row.draws,
    })),
    recentMatches: p.recentMatches,
    /** Only the captain sees who is invited. */
    pendingInvitations: isCaptain(viewer)
      ? p.pending.map((i) => ({
          id: i.id,
          userId: i.userId,
          username: i.username,
          invitedAt: i.invitedAt.toISOString(),
          canWithdraw: canWithdrawInvitation(viewer),
        }))
      : [],
    viewer: {
      isMember: viewer !== null,
      isCaptain: isCaptain(viewer),
      canInvite: canInvite(viewer),
      canLeave: canLeave(viewer, p.roster.length, viewer !== null && p.busy.has(viewer.userId)),
      invitation: invited ? { id: invited.id, invitedBy: invited.invitedBy } : null,
    },
  };
}

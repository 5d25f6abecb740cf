// The bottom badge of a veto map card (docs/web-layout.md, "The match room"), in its two wordings:
//
// Newer matches (id >= newMatchHandling): ordinals, team and captain.
//   picked:  "1st map, picked by {team} ({user})"   (the ordinal is the map's play order, mapOrder)
//   decider: "3rd map, decider"
//   banned:  "2nd ban by {team} ({user})"            (the ordinal counts this match's bans in veto order)
//   system:  "2nd ban by System"                       (removedByTeamId -1: nobody's captain)
//   timeout, from the team's saved map preferences: "2nd ban by {team}: auto-ban from team preferences",
//   "1st map, picked by {team}: auto-pick from team preferences"; a system pick: "... by {team}: by the system".
// Older matches: the veto step (#mapIndex) and the team only.
//   "#3 picked by {team}", "#1 banned by {team}", "#1 banned by System", "#7 decider"
// "({user})" is left out when the team's captain is unknown. No badge for maps still in play, and none at
// all in status 10, where the pool is shown greyed before any veto.
import type { VetoMapEntry, VetoMatch } from '@versus/common/api/matches';
import { SYSTEM_TEAM_ID } from '@versus/common/match/state';
import { STATUS } from '@versus/common/match/statuses';
import { captainOfTeam, isMapUnavailable } from './veto-status';

/** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st, ... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

function withUser(team: string, user: string | null): string {
  return user ? `${team} (${user})` : team;
}

/** Why the system chose at a timeout: the team's saved preferences, or a draw by the system. */
function autoNote(map: VetoMapEntry): string {
  if (map.autoReason === 'preferences') {
    return map.pickedByTeamId !== null
      ? ': auto-pick from team preferences'
      : ': auto-ban from team preferences';
  }
  if (map.autoReason === 'system' && map.pickedByTeamId !== null) return ': by the system';
  return '';
}

/** The badge text of `map` in `match`, or null when the card has none. */
export function mapBadge(match: VetoMatch, map: VetoMapEntry, newMatchHandling: number): string | null {
  if (match.statusId === STATUS.playerSelect) return null;
  const isNew = match.id >= newMatchHandling;
  const index = `#${map.mapIndex ?? '?'}`;

  if (map.pickedByTeamId !== null) {
    const team = map.pickedByTeamName ?? 'N/A';
    if (!isNew) return `${index} picked by ${team}`;
    if (map.autoReason) return `${ordinal(map.mapOrder ?? 0)} map, picked by ${team}${autoNote(map)}`;
    const user = captainOfTeam(match, map.pickedByTeamId);
    return `${ordinal(map.mapOrder ?? 0)} map, picked by ${withUser(team, user)}`;
  }
  if (map.deciderMap) return isNew ? `${ordinal(map.mapOrder ?? 0)} map, decider` : `${index} decider`;
  if (map.removedByTeamId !== null) {
    const team = map.removedByTeamName ?? (map.removedByTeamId === SYSTEM_TEAM_ID ? 'System' : 'N/A');
    if (!isNew) return `${index} banned by ${team}`;
    const bans = match.maps
      .filter((m) => m.removedByTeamId !== null)
      .sort((a, b) => (a.mapIndex ?? 0) - (b.mapIndex ?? 0));
    const user =
      map.removedByTeamId === SYSTEM_TEAM_ID || map.autoReason
        ? null
        : captainOfTeam(match, map.removedByTeamId);
    return `${ordinal(bans.indexOf(map) + 1)} ban by ${withUser(team, user)}${autoNote(map)}`;
  }
  return null;
}

/** Whether the card is greyed: unavailable maps, and every map in status 10. */
export function isMapGreyed(match: VetoMatch, map: VetoMapEntry): boolean {
  return match.statusId === STATUS.playerSelect || isMapUnavailable(map);
}

/** How the card of `map` reads (see MapCard): the play order wins over a ban, the decider over both. */
export function mapCardState(
  match: VetoMatch,
  map: VetoMapEntry,
): 'open' | 'banned' | 'picked' | 'decider' | 'greyed' {
  if (match.statusId === STATUS.playerSelect) return 'greyed';
  if (map.deciderMap) return 'decider';
  if (map.pickedByTeamId !== null) return 'picked';
  if (map.removedByTeamId !== null) return 'banned';
  return 'open';
}

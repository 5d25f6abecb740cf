// The line that says what will be played once the veto ended: "Map 1 Crossfire · Map 2 District · Decider
// Overgrown" (display names, play order). A single map to play reads "Map Crossfire".
import type { VetoMatch } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';
import { isMapUnavailable } from './veto-status';

/**
 * The summary of `match`'s veto, or null until the veto ended: every map picked, banned or the decider, and
 * the match past the veto (a veto cut short by a cancellation has no summary).
 */
export function vetoSummary(match: VetoMatch): string | null {
  if (match.statusId === STATUS.mapVeto || match.maps.length === 0) return null;
  if (!match.maps.every(isMapUnavailable)) return null;
  const played = match.maps
    .filter((m) => m.pickedByTeamId !== null || m.deciderMap)
    .sort((a, b) => (a.mapOrder ?? 99) - (b.mapOrder ?? 99));
  if (played.length === 0) return null;
  if (played.length === 1) return `Map ${played[0]!.map.name}`;
  return played
    .map((m) => (m.deciderMap ? `Decider ${m.map.name}` : `Map ${m.mapOrder ?? '?'} ${m.map.name}`))
    .join(' · ');
}

// The veto-shaped match and its map entries (docs/match-room.md, "Map veto"): what
// `GET /api/v1/match/{id}` answers and what `OnMatchMapChange` carries. Public: nothing in it depends
// on the viewer, so the same object goes to everyone.
import type { VetoMapEntry, VetoMatch } from '@versus/common/api/matches';
import { STATUS } from '@versus/common/match/statuses';
import {
  sideState,
  SIDE_CHALLENGER,
  SIDE_OPPONENT,
  SIDE_SYSTEM,
  teamIdOfSide,
} from '@versus/common/match/state';
import type { MatchState, Side } from '@versus/common/match/state';
import { currentVetoTurn } from '@versus/common/match/veto';
import { vetoOrder } from '@versus/common/match/veto-order';
import type { VetoStep } from '@versus/common/match/veto-order';
import type { MatchRecord } from '../core/match-state.mapper.ts';

/** One map of the veto (`@versus/common/api/matches`). */
export type VetoMapEntryView = VetoMapEntry;
/** The veto-shaped match (`@versus/common/api/matches`). */
export type VetoMatchView = VetoMatch;

const SYSTEM_NAME = 'System';

function safeOrder(match: MatchState): VetoStep[] {
  try {
    return vetoOrder(match.bestOf, match.maps.length);
  } catch {
    return []; // a pool smaller than the best-of: nothing to veto (the match cannot start its veto either)
  }
}

function user(match: MatchState, side: Side) {
  const s = sideState(match, side);
  return s.captainUserId === null ? null : { id: s.captainUserId, username: s.captainUsername ?? '' };
}

export function presentVetoMatch(record: MatchRecord): VetoMatchView {
  const match = record.state;
  const nameOf = (side: Side | typeof SIDE_SYSTEM) =>
    side === SIDE_SYSTEM ? SYSTEM_NAME : sideState(match, side).name;
  const teamB: Side = match.veto.firstSide === SIDE_CHALLENGER ? SIDE_OPPONENT : SIDE_CHALLENGER;
  const turn = currentVetoTurn(match);
  return {
    id: match.id,
    statusId: match.statusId,
    detail: {
      type: match.type,
      bestOf: match.bestOf,
      teamA: { teamId: teamIdOfSide(match, match.veto.firstSide), name: nameOf(match.veto.firstSide) },
      order: safeOrder(match).map((step) => ({
        teamId: teamIdOfSide(match, step.team === 'A' ? match.veto.firstSide : teamB),
        action: step.action,
      })),
    },
    scores: { challenger: match.score.challengerMaps, opponent: match.score.opponentMaps },
    timeRemaining:
      match.statusId === STATUS.mapVeto && match.veto.deadline !== null
        ? Math.ceil(match.veto.deadline / 1000)
        : null,
    maps: match.maps.map((map) => {
      const info = record.maps.find((m) => m.mapId === map.mapId);
      return {
        id: map.mapId,
        map: { name: map.name, name_cmd: map.nameCmd, image: info?.image ?? '' },
        pickedByTeamId: map.pickedBySide === null ? null : teamIdOfSide(match, map.pickedBySide),
        pickedByTeamName: map.pickedBySide === null ? null : nameOf(map.pickedBySide),
        removedByTeamId: map.removedBySide === null ? null : teamIdOfSide(match, map.removedBySide),
        removedByTeamName: map.removedBySide === null ? null : nameOf(map.removedBySide),
        deciderMap: map.decider,
        mapOrder: map.mapOrder,
        mapIndex: map.mapIndex,
        autoReason: map.autoReason ?? null,
      };
    }),
    challengerTeam: { id: teamIdOfSide(match, SIDE_CHALLENGER), tag: match.challenger.tag },
    opponentTeam: { id: teamIdOfSide(match, SIDE_OPPONENT), tag: match.opponent.tag },
    challengerUser: user(match, SIDE_CHALLENGER),
    opponentUser: user(match, SIDE_OPPONENT),
    vetoDetail:
      turn && turn.userId !== null
        ? { userId: turn.userId, teamId: teamIdOfSide(match, turn.side), step: turn.action }
        : null,
  };
}

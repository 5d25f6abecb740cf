// Rows ↔ the machine's `MatchState`. Pure: the repository loads the rows, this shapes them, and
// `matchRowValues` turns a new state back into the columns of the `matches` row.
import { pickerSide } from '@versus/common/match/pick';
import { DEFAULT_MATCH_SETTINGS, SIDE_CHALLENGER, SIDE_OPPONENT } from '@versus/common/match/state';
import type { MatchMapState, MatchSideState, MatchState, Side } from '@versus/common/match/state';
import { isStatusId } from '@versus/common/match/statuses';
import type { BestOf } from '@versus/common/match/veto-order';
import type { MatchMapRow, MatchRow, TeamRow, UserRow } from '../../db/schema/index.ts';

/** The competition a match belongs to and the clock lengths it sets. */
export interface CompetitionInfo {
  kind: 'ladder' | 'tournament' | 'solo-queue';
  id: number;
  name: string;
  slug: string;
  mapPoolId: number;
  vetoTurnSeconds: number;
  readySeconds?: number;
  pickSeconds?: number;
  locationVoteSeconds?: number;
  maxMapScore: number;
}

/** A map of the match (its `match_maps` row once the veto copied the pool) with what presenters show. */
export interface MapInfo {
  mapId: number;
  name: string;
  nameCmd: string;
  image: string | null;
  position: number;
  row: MatchMapRow | null;
}

export interface TeamInfo {
  team: TeamRow;
  /** The team's standing on the match's ladder, when it is a ladder match. */
  ladderRating: number | null;
}

/** A loaded match: the machine's state and the rows around it the presenters read. */
export interface MatchRecord {
  row: MatchRow;
  state: MatchState;
  competition: CompetitionInfo;
  teams: { challenger: TeamInfo | null; opponent: TeamInfo | null };
  users: Map<number, UserRow>;
  maps: MapInfo[];
  /** False until the veto copies the pool into `match_maps`. */
  mapsPersisted: boolean;
}

export interface MatchParts {
  row: MatchRow;
  competition: CompetitionInfo;
  teams: { challenger: TeamInfo | null; opponent: TeamInfo | null };
  players: { userId: number; side: number }[];
  users: Map<number, UserRow>;
  maps: MapInfo[];
  mapsPersisted: boolean;
  location: { candidateIds: number[]; votes: { userId: number; locationId: number }[] };
}

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());

function asSide(value: number | null): Side | null {
  return value === SIDE_CHALLENGER || value === SIDE_OPPONENT ? value : null;
}

function asBestOf(value: number): BestOf {
  return value === 3 || value === 5 ? value : 1;
}

function sideState(
  team: TeamInfo | null,
  captain: UserRow | null,
  ready: boolean,
  fallbackName: string,
): MatchSideState {
  const pugName = captain ? `Team ${captain.username}` : fallbackName;
  return {
    teamId: team?.team.id ?? null,
    tag: team?.team.tag ?? captain?.username ?? fallbackName,
    name: team?.team.name ?? pugName,
    captainUserId: captain?.id ?? null,
    captainUsername: captain?.username ?? null,
    ready,
  };
}

function mapState(info: MapInfo): MatchMapState {
  const r = info.row;
  const removed = r?.removedBySide ?? null;
  return {
    mapId: info.mapId,
    name: info.name,
    nameCmd: info.nameCmd,
    pickedBySide: asSide(r?.pickedBySide ?? null),
    removedBySide: removed === -1 ? -1 : asSide(removed),
    decider: r?.isDecider ?? false,
    mapOrder: r?.mapOrder ?? null,
    mapIndex: r?.mapIndex ?? null,
  };
}

export function toMatchState(parts: MatchParts): MatchRecord {
  const { row, competition } = parts;
  if (!isStatusId(row.statusId))
    throw new Error(`Match ${String(row.id)} has unknown status ${String(row.statusId)}`);
  const user = (id: number | null) => (id === null ? null : (parts.users.get(id) ?? null));
  const maps = parts.maps.map(mapState);
  const scoreEntered = row.scoreEnteredBySide !== null;
  const state: MatchState = {
    id: row.id,
    type: row.type,
    statusId: row.statusId,
    bestOf: asBestOf(row.bestOf),
    challenger: sideState(
      parts.teams.challenger,
      user(row.challengerCaptainId),
      row.challengerReady,
      'Team 1',
    ),
    opponent: sideState(parts.teams.opponent, user(row.opponentCaptainId), row.opponentReady, 'Team 2'),
    players: parts.players.map((p) => ({
      userId: p.userId,
      username: parts.users.get(p.userId)?.username ?? '',
      side: p.side === SIDE_CHALLENGER || p.side === SIDE_OPPONENT ? p.side : -1,
      rating: parts.users.get(p.userId)?.elo ?? 1000,
    })),
    startDate: ms(row.startDate),
    settings: {
      ...DEFAULT_MATCH_SETTINGS,
      vetoTurnSeconds: competition.vetoTurnSeconds,
      readySeconds: competition.readySeconds ?? DEFAULT_MATCH_SETTINGS.readySeconds,
      pickSeconds: competition.pickSeconds ?? DEFAULT_MATCH_SETTINGS.pickSeconds,
      locationVoteSeconds: competition.locationVoteSeconds ?? DEFAULT_MATCH_SETTINGS.locationVoteSeconds,
      maxMapScore: competition.maxMapScore,
    },
    randomSeed: row.randomSeed,
    readyDeadline: ms(row.readyDeadline),
    maps,
    veto: {
      firstSide: asSide(row.vetoFirstSide) ?? SIDE_OPPONENT,
      step: row.vetoStep,
      deadline: ms(row.vetoDeadline),
    },
    pick: { step: row.pickStep, deadline: ms(row.pickDeadline) },
    location: {
      candidateIds: parts.location.candidateIds,
      votes: parts.location.votes,
      deadline: ms(row.locationVoteDeadline),
      chosenId: row.locationId,
    },
    score: {
      maps: scoreEntered
        ? parts.maps
            .filter((m) => m.row?.mapOrder !== null && m.row?.mapOrder !== undefined)
            .sort((a, b) => (a.row?.mapOrder ?? 0) - (b.row?.mapOrder ?? 0))
            .map((m) => ({
              mapId: m.mapId,
              challengerScore: m.row?.firstScore ?? null,
              opponentScore: m.row?.secondScore ?? null,
            }))
        : null,
      enteredBySide: asSide(row.scoreEnteredBySide),
      enteredByUserId: row.scoreEnteredByUserId,
      approvalDeadline: ms(row.scoreApprovalDeadline),
      challengerMaps: row.challengerScore,
      opponentMaps: row.opponentScore,
    },
    winnerSide: asSide(row.winnerSide),
    forfeit: row.forfeit,
    finishedAt: ms(row.finishedAt),
    cancelledByUserId: row.cancelledByUserId,
    cancelReason: (row.cancelReason as MatchState['cancelReason']) ?? null,
  };
  return {
    row,
    state,
    competition,
    teams: parts.teams,
    users: parts.users,
    maps: parts.maps,
    mapsPersisted: parts.mapsPersisted,
  };
}

const date = (value: number | null): Date | null => (value === null ? null : new Date(value));

/** The `matches` columns a state sets (everything the machine may change). */
export function matchRowValues(before: MatchState, next: MatchState, now: number) {
  return {
    statusId: next.statusId,
    challengerCaptainId: next.challenger.captainUserId,
    opponentCaptainId: next.opponent.captainUserId,
    startDate: date(next.startDate),
    challengerReady: next.challenger.ready,
    opponentReady: next.opponent.ready,
    readyDeadline: date(next.readyDeadline),
    pickerSide: pickerSide(next),
    pickStep: next.pick.step,
    pickDeadline: date(next.pick.deadline),
    locationVoteDeadline: date(next.location.deadline),
    locationId: next.location.chosenId,
    vetoFirstSide: next.veto.firstSide,
    vetoStep: next.veto.step,
    vetoDeadline: date(next.veto.deadline),
    challengerScore: next.score.challengerMaps,
    opponentScore: next.score.opponentMaps,
    scoreEnteredBySide: next.score.enteredBySide,
    scoreEnteredByUserId: next.score.enteredByUserId,
    ...(next.score.enteredByUserId !== before.score.enteredByUserId || next.score.maps !== before.score.maps
      ? { scoreEnteredAt: next.score.enteredByUserId === null ? null : new Date(now) }
      : {}),
    scoreApprovalDeadline: date(next.score.approvalDeadline),
    winnerSide: next.winnerSide,
    forfeit: next.forfeit,
    finishedAt: date(next.finishedAt),
    cancelledByUserId: next.cancelledByUserId,
    cancelReason: next.cancelReason,
    ...(next.statusId === 7 && before.statusId !== 7 ? { cancelledAt: new Date(now) } : {}),
    updatedAt: new Date(now),
  };
}

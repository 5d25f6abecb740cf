// Rows ↔ the machine's `MatchState`. Pure: the repository loads the rows, this shapes them, and
// `matchRowValues` turns a new state back into the columns of the `matches` row.
import { pickerSide } from '@versus/common/match/pick';
import {
  DEFAULT_MATCH_SETTINGS,
  RESULT_DRAW,
  SIDE_CHALLENGER,
  SIDE_OPPONENT,
} from '@versus/common/match/state';
import type {
  LocationDecidedBy,
  LocationPing,
  LocationRule,
  MapPreferences,
  MatchMapState,
  MatchSideState,
  MatchState,
  Side,
} from '@versus/common/match/state';
import { LOCATION_DECIDED_BY } from '@versus/common/match/state';
import { isStatusId, STATUS } from '@versus/common/match/statuses';
import type { BestOf } from '@versus/common/match/veto-order';
import type { MatchMapRow, MatchRow, TeamRow, UserRow } from '../../../db/schema/index.ts';

/** The competition a match belongs to and the clock lengths it sets. */
export interface CompetitionInfo {
  kind: 'ladder' | 'tournament' | 'solo-queue';
  id: number;
  name: string;
  slug: string;
  mapPoolId: number;
  vetoTurnSeconds: number;
  /** Promod match mode the game server is set to (`promod_mode`). */
  promodMode: string;
  readySeconds?: number;
  /** The competition's score approval and dispute windows; null: the configured defaults. */
  scoreApprovalSeconds?: number | null;
  disputeWindowSeconds?: number | null;
  pickSeconds?: number;
  locationVoteSeconds?: number;
  maxMapScore: number;
  /** Players per side: the size of a lineup. */
  teamSize: number;
  /** A map may end level and a series drawn (`draws_allowed`). */
  drawsAllowed: boolean;
  /** The location rule (`location_rule`) and the fixed location it names. */
  locationRule: LocationRule;
  fixedLocationId: number | null;
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
  /** The rating model's belief about that standing (null outside a ladder). */
  ladderSkill: { mu: number; sigma: number } | null;
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
  /** The rows it was built from (a command under the row lock reuses them when the version is the same). */
  parts: MatchParts;
}

export interface MatchParts {
  /** When the rows around the match row were read (ms, monotonic clock: `performance.now()`). */
  loadedAt: number;
  row: MatchRow;
  competition: CompetitionInfo;
  teams: { challenger: TeamInfo | null; opponent: TeamInfo | null };
  players: { userId: number; side: number; isSub: boolean; replacedUserId: number | null }[];
  /** Players on each side's team roster now (null: no team, solo-queue). */
  rosterSizes: { challenger: number | null; opponent: number | null };
  /** The teams' saved map preferences for the match's pool (loaded during the veto only). */
  mapPreferences?: { challenger: MapPreferences | null; opponent: MapPreferences | null };
  users: Map<number, UserRow>;
  maps: MapInfo[];
  mapsPersisted: boolean;
  location: {
    candidateIds: number[];
    votes: { userId: number; locationId: number }[];
    pings: LocationPing[];
  };
}

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());

function asSide(value: number | null): Side | null {
  return value === SIDE_CHALLENGER || value === SIDE_OPPONENT ? value : null;
}

function asDecidedBy(value: string | null): LocationDecidedBy | null {
  return LOCATION_DECIDED_BY.find((d) => d === value) ?? null;
}

function asBestOf(value: number): BestOf {
  return value === 3 || value === 5 ? value : 1;
}

function sideState(
  team: TeamInfo | null,
  captain: UserRow | null,
  ready: boolean,
  fallbackName: string,
  extra: { rosterSize: number | null; subsUsed: number; mapPreferences?: MapPreferences | null },
): MatchSideState {
  const pugName = captain ? `Team ${captain.username}` : fallbackName;
  return {
    teamId: team?.team.id ?? null,
    tag: team?.team.tag ?? captain?.username ?? fallbackName,
    name: team?.team.name ?? pugName,
    captainUserId: captain?.id ?? null,
    captainUsername: captain?.username ?? null,
    ready,
    rosterSize: extra.rosterSize,
    subsUsed: extra.subsUsed,
    ...(extra.mapPreferences ? { mapPreferences: extra.mapPreferences } : {}),
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
    ...(r?.autoReason === 'preferences' || r?.autoReason === 'system' ? { autoReason: r.autoReason } : {}),
  };
}

export function toMatchState(parts: MatchParts): MatchRecord {
  const { row, competition } = parts;
  if (!isStatusId(row.statusId))
    throw new Error(`Match ${String(row.id)} has unknown status ${String(row.statusId)}`);
  const user = (id: number | null) => (id === null ? null : (parts.users.get(id) ?? null));
  const maps = parts.maps.map(mapState);
  // An admin's sheet (a dispute's final score, an awarded result) belongs to no side but names the admin.
  const scoreEntered =
    row.scoreEnteredBySide !== null || row.scoreFromLog || row.scoreEnteredByUserId !== null;
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
      {
        rosterSize: parts.rosterSizes.challenger,
        subsUsed: row.challengerSubsUsed,
        mapPreferences: parts.mapPreferences?.challenger ?? null,
      },
    ),
    opponent: sideState(parts.teams.opponent, user(row.opponentCaptainId), row.opponentReady, 'Team 2', {
      rosterSize: parts.rosterSizes.opponent,
      subsUsed: row.opponentSubsUsed,
      mapPreferences: parts.mapPreferences?.opponent ?? null,
    }),
    players: parts.players.map((p) => ({
      userId: p.userId,
      username: parts.users.get(p.userId)?.username ?? '',
      side: p.side === SIDE_CHALLENGER || p.side === SIDE_OPPONENT ? p.side : -1,
      rating: parts.users.get(p.userId)?.elo ?? 1000,
      ...(p.isSub ? { isSub: true } : {}),
      ...(p.replacedUserId !== null ? { replacesUserId: p.replacedUserId } : {}),
    })),
    startDate: ms(row.startDate),
    settings: {
      ...DEFAULT_MATCH_SETTINGS,
      vetoTurnSeconds: competition.vetoTurnSeconds,
      readySeconds: competition.readySeconds ?? DEFAULT_MATCH_SETTINGS.readySeconds,
      pickSeconds: competition.pickSeconds ?? DEFAULT_MATCH_SETTINGS.pickSeconds,
      locationVoteSeconds: competition.locationVoteSeconds ?? DEFAULT_MATCH_SETTINGS.locationVoteSeconds,
      maxMapScore: competition.maxMapScore,
      teamSize: competition.teamSize,
      drawsAllowed: competition.drawsAllowed,
      locationRule: competition.locationRule,
      fixedLocationId: competition.fixedLocationId,
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
      pings: parts.location.pings,
      deadline: ms(row.locationVoteDeadline),
      chosenId: row.locationId,
      decidedBy: asDecidedBy(row.locationDecidedBy),
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
      fromLog: row.scoreFromLog,
    },
    winnerSide: row.winnerSide === RESULT_DRAW ? RESULT_DRAW : asSide(row.winnerSide),
    forfeit: row.forfeit,
    award: row.awardReason === null ? null : { reason: row.awardReason, byUserId: row.awardedByUserId },
    finishedAt: ms(row.finishedAt),
    cancelledByUserId: row.cancelledByUserId,
    cancelReason: (row.cancelReason as MatchState['cancelReason']) ?? null,
    timeProposal: row.timeProposal ?? null,
    timeAgreed: row.timeAgreed,
  };
  return {
    row,
    state,
    competition,
    teams: parts.teams,
    users: parts.users,
    maps: parts.maps,
    mapsPersisted: parts.mapsPersisted,
    parts,
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
    challengerSubsUsed: next.challenger.subsUsed ?? 0,
    opponentSubsUsed: next.opponent.subsUsed ?? 0,
    readyDeadline: date(next.readyDeadline),
    pickerSide: pickerSide(next),
    pickStep: next.pick.step,
    pickDeadline: date(next.pick.deadline),
    locationVoteDeadline: date(next.location.deadline),
    locationId: next.location.chosenId,
    locationDecidedBy: next.location.decidedBy ?? null,
    vetoFirstSide: next.veto.firstSide,
    vetoStep: next.veto.step,
    vetoDeadline: date(next.veto.deadline),
    challengerScore: next.score.challengerMaps,
    opponentScore: next.score.opponentMaps,
    scoreEnteredBySide: next.score.enteredBySide,
    scoreEnteredByUserId: next.score.enteredByUserId,
    scoreFromLog: next.score.fromLog === true && next.score.maps !== null,
    ...(next.score.enteredByUserId !== before.score.enteredByUserId || next.score.maps !== before.score.maps
      ? { scoreEnteredAt: next.score.maps === null ? null : new Date(now) }
      : {}),
    scoreApprovalDeadline: date(next.score.approvalDeadline),
    winnerSide: next.winnerSide,
    forfeit: next.forfeit,
    awardReason: next.award?.reason ?? null,
    awardedByUserId: next.award?.byUserId ?? null,
    finishedAt: date(next.finishedAt),
    cancelledByUserId: next.cancelledByUserId,
    cancelReason: next.cancelReason,
    ...(next.statusId === STATUS.cancelled && before.statusId !== STATUS.cancelled
      ? { cancelledAt: new Date(now) }
      : {}),
    timeProposal: next.timeProposal ?? null,
    timeAgreed: next.timeAgreed ?? false,
    // A new start owes a new 15-minute reminder (docs/scheduling.md).
    ...(next.startDate !== before.startDate ? { startRemindedAt: null } : {}),
    updatedAt: new Date(now),
  };
}

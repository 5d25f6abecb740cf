// Map veto (status 2): turns on the clock, the system acting for a team whose turn ran out, the decider.
import type { Actor } from './commands.ts';
import { accepted, captainIds, moveTo, refused, secondsLater } from './decision.ts';
import type { Decision } from './decision.ts';
import type { MatchEvent } from './events.ts';
import { vetoClickRefusal } from './click-refusal.ts';
import type { VetoClickView } from './click-refusal.ts';
import { MATCH_TEXTS } from './match-texts.ts';
import { missingLineup } from './lineup.ts';
import { drawOne } from './prng.ts';
import { otherSide, SIDE_SYSTEM, sideState } from './state.ts';
import type { AutoVetoReason, MapPreferences, MatchMapState, MatchState, Side } from './state.ts';
import { STATUS } from './statuses.ts';
import { vetoOrder } from './veto-order.ts';
import type { VetoAction } from './veto-order.ts';

/** The step due now: which side acts, ban or pick, and the captain who acts; null when none is due. */
export interface VetoTurn {
  step: number;
  side: Side;
  action: VetoAction;
  userId: number | null;
}

export function currentVetoTurn(match: MatchState): VetoTurn | null {
  if (match.statusId !== STATUS.mapVeto) return null;
  const order = vetoOrder(match.bestOf, match.maps.length);
  const step = order[match.veto.step];
  if (!step) return null;
  const side = step.team === 'A' ? match.veto.firstSide : otherSide(match.veto.firstSide);
  const userId = side === 1 ? match.challenger.captainUserId : match.opponent.captainUserId;
  return { step: match.veto.step, side, action: step.action, userId };
}

export function isMapAvailable(map: MatchMapState): boolean {
  return map.pickedBySide === null && map.removedBySide === null && !map.decider;
}

/** Enter status 2: step 0 with a fresh deadline (or straight to 4 if the pool leaves nothing to veto). */
export function startVeto(match: MatchState, now: number): Decision {
  const missing = missingLineup(match);
  if (missing !== null) return refused('invalid', missing);
  const started: MatchState = {
    ...moveTo(match, STATUS.mapVeto),
    veto: { ...match.veto, step: 0, deadline: secondsLater(now, match.settings.vetoTurnSeconds) },
  };
  const events: MatchEvent[] = [
    { type: 'MatchDetailUpdate' },
    { type: 'OnMatchMapChange' },
    { type: 'Notify', userIds: captainIds(match), kind: 'veto-started' },
  ];
  if (vetoOrder(match.bestOf, match.maps.length).length === 0) {
    const ended = endVeto(started);
    return accepted(ended.match, [...events, ...ended.events]);
  }
  return accepted(started, events);
}

/** The view of a map click the shared click rule decides on (see `vetoClickRefusal`). */
export function vetoClickView(match: MatchState, mapId: number, now: number): VetoClickView {
  const map = match.maps.find((m) => m.mapId === mapId);
  return {
    captains: [
      { userId: match.challenger.captainUserId, username: match.challenger.captainUsername },
      { userId: match.opponent.captainUserId, username: match.opponent.captainUsername },
    ],
    turnUserId: currentVetoTurn(match)?.userId ?? null,
    // The deadline splits time in two: before it only the captain may act, from it only the sweeper.
    turnOver: match.veto.deadline !== null && now >= match.veto.deadline,
    map: map ? { name: map.name, available: isMapAvailable(map) } : null,
  };
}

export function decideVetoSelect(match: MatchState, actor: Actor, mapId: number, now: number): Decision {
  if (match.statusId !== STATUS.mapVeto) return refused('wrong-status', MATCH_TEXTS.vetoWrongStatus);
  const refusal = vetoClickRefusal(vetoClickView(match, mapId, now), actor.userId);
  if (refusal) return { ok: false, error: refusal };
  const turn = currentVetoTurn(match);
  if (!turn) return refused('not-your-turn', MATCH_TEXTS.vetoNotYourTurn);
  return accepted(...applyVetoStep(match, turn, mapId, null, now));
}

/**
 * The turn ran out: the system acts for the side due. When the team saved map preferences for the pool, it
 * bans the team's first still-available "ban" map or picks its first still-available "pick" map (recorded
 * as the team's own ban or pick, `autoReason` 'preferences'). Only when the team saved none for this action
 * (or none of them is still available) it draws among the available maps (in pool order) with the stored
 * seed and the step index, so the same match always draws the same map (`autoReason` 'system'): a system
 * ban is recorded as removed by -1; a system pick counts as that side's pick.
 */
export function decideVetoTimeout(
  match: MatchState,
  step: number,
  now: number,
  preferences: MapPreferences | null = null,
): Decision {
  if (match.statusId !== STATUS.mapVeto) return refused('stale', MATCH_TEXTS.vetoWrongStatus);
  const turn = currentVetoTurn(match);
  if (!turn || turn.step !== step) return refused('stale', MATCH_TEXTS.staleStep);
  if (match.veto.deadline === null || now < match.veto.deadline)
    return refused('stale', MATCH_TEXTS.staleNotDue);
  const available = match.maps.filter(isMapAvailable);
  const saved = (preferences ?? sideState(match, turn.side).mapPreferences)?.[turn.action] ?? [];
  const preferred = saved.map((id) => available.find((m) => m.mapId === id)).find((m) => m !== undefined);
  if (preferred) return accepted(...applyVetoStep(match, turn, preferred.mapId, 'preferences', now));
  const map = drawOne(available, match.randomSeed, step);
  return accepted(...applyVetoStep(match, turn, map.mapId, 'system', now));
}

function applyVetoStep(
  match: MatchState,
  turn: VetoTurn,
  mapId: number,
  auto: AutoVetoReason | null,
  now: number,
): [MatchState, MatchEvent[]] {
  const picks = match.maps.filter((m) => m.pickedBySide !== null).length;
  const maps = match.maps.map((m): MatchMapState => {
    if (m.mapId !== mapId) return m;
    const mapIndex = turn.step + 1;
    const why = auto === null ? {} : { autoReason: auto };
    return turn.action === 'pick'
      ? { ...m, pickedBySide: turn.side, mapOrder: picks + 1, mapIndex, ...why }
      : { ...m, removedBySide: auto === 'system' ? SIDE_SYSTEM : turn.side, mapIndex, ...why };
  });
  const next: MatchState = {
    ...match,
    maps,
    veto: {
      ...match.veto,
      step: turn.step + 1,
      deadline: secondsLater(now, match.settings.vetoTurnSeconds),
    },
  };
  if (next.veto.step < vetoOrder(match.bestOf, match.maps.length).length) {
    return [next, [{ type: 'OnMatchMapChange' }]];
  }
  const ended = endVeto(next);
  return [ended.match, [{ type: 'OnMatchMapChange' }, ...ended.events]];
}

/** The one map left is the decider, played last; the match goes to 4 and asks for a game server. */
function endVeto(match: MatchState): { match: MatchState; events: MatchEvent[] } {
  const picks = match.maps.filter((m) => m.pickedBySide !== null).length;
  const maps = match.maps.map((m): MatchMapState =>
    isMapAvailable(m) ? { ...m, decider: true, mapOrder: picks + 1, mapIndex: match.veto.step + 1 } : m,
  );
  return {
    match: { ...moveTo(match, STATUS.inProgress), maps, veto: { ...match.veto, deadline: null } },
    events: [
      { type: 'MatchDetailUpdate' },
      { type: 'GameServerRequested', locationId: match.location.chosenId },
    ],
  };
}

/** The actor a signed-out viewer stands for when asking `vetoRefusal`: user ids start at 1, so no captain. */
const SIGNED_OUT_USER_ID = 0;

/**
 * Why `userId` (null: signed out) may not ban or pick `mapId` now, in the veto command's own words, or null
 * when the click would be taken. It asks `decideVetoSelect` itself, so the rule has one home: a page that
 * shows a click's refusal and the server that enforces it cannot disagree.
 */
export function vetoRefusal(
  match: MatchState,
  userId: number | null,
  mapId: number,
  now: number,
): string | null {
  const actor = { userId: userId ?? SIGNED_OUT_USER_ID, isAdmin: false };
  const decision = decideVetoSelect(match, actor, mapId, now);
  return decision.ok ? null : decision.error.message;
}

// The match room's shared reads: one match per version from this instance's read cache, and what a
// `MatchDetailUpdate` carries so that spectators need not refetch the room (a status change in a
// match watched by 1,000 people). Apart from match.service.ts so the after-commit effects can use it.
import type { MatchDetailUpdateEvent, RoomPart } from '@versus/common/api/realtime-events';
import type { AppContext } from '../../../core/app-context.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentMatchDetail } from '../detail/match-detail.presenter.ts';
import type { MatchChange } from './match-events.ts';
import { matchModule } from './match-module.ts';
import type { MatchReadEntry } from './match-read-cache.ts';
import { withRules } from './match-rules.ts';
import type { MatchRecord } from './match-state.mapper.ts';
import { loadMatch, matchVersion } from './match.repository.ts';
import { presentVetoMatch } from '../veto/veto.presenter.ts';

/** One match for a read, with the configured rules in its settings (404 when there is none). */
export async function readMatch(ctx: AppContext, matchId: number): Promise<MatchRecord> {
  const record = await loadMatch(ctx.db, matchId, { lock: false });
  if (!record) throw new NotFoundError('Match not found.');
  return withRules(record, matchModule(ctx).rules);
}

/**
 * One match for a read that writes nothing, from this instance's read cache (see match-read-cache.ts): loaded
 * once per version for every viewer. The record is shared: never change it.
 */
export async function readMatchEntry(ctx: AppContext, matchId: number): Promise<MatchReadEntry> {
  return matchModule(ctx).readCache.get(matchId, ...cacheSources(ctx));
}

/** `readMatchEntry`'s answer when it is in memory and current (no wait), else null. */
export function readyMatchEntry(ctx: AppContext, matchId: number): MatchReadEntry | null {
  return matchModule(ctx).readCache.ready(matchId, ...cacheSources(ctx));
}

/** Where the read cache checks a match's version and loads it from. */
function cacheSources(ctx: AppContext) {
  return [(id: number) => matchVersion(ctx.db, id), (id: number) => readMatch(ctx, id)] as const;
}

/**
 * The match as stored now, for work after a commit that writes nothing to it (a game server's
 * provisioning): one primary-key read of the match row, and the rows around it reused from this
 * instance's read cache, whatever their age, while that row still has the cached version (as a command's
 * locked load does, see `loadMatch` and `MatchReadCache.known`); a full load otherwise. Null when the match
 * does not exist. No rules applied.
 */
export function loadCurrentMatch(ctx: AppContext, matchId: number): Promise<MatchRecord | null> {
  return loadMatch(ctx.db, matchId, { lock: false, reuse: matchModule(ctx).readCache.known(matchId) });
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The room's shared panels (the same for every spectator) that a change may have changed besides the
 * detail and the veto: the players and lineups when someone joined, left or changed sides; the statistics
 * when the maps, their scores or the status moved; the ratings when the match finished or was cancelled; the
 * schedule when a time was proposed, agreed or set (not on every status move: a crowd would refetch it).
 */
function changedParts(change: MatchChange): RoomPart[] {
  const before = change.before.state;
  const after = change.record.state;
  const parts: RoomPart[] = [];
  const roster = (s: typeof before) => s.players.map((p) => [p.userId, p.side, p.isSub === true]);
  if (!sameJson(roster(before), roster(after))) parts.push('players', 'lineup');
  if (
    before.statusId !== after.statusId ||
    !sameJson(before.score, after.score) ||
    !sameJson(before.maps, after.maps)
  )
    parts.push('statistics');
  if (change.events.some((e) => e.type === 'MatchFinished' || e.type === 'MatchCancelled'))
    parts.push('ratings');
  const schedule = (s: typeof before) => [s.startDate, s.timeProposal ?? null, s.timeAgreed === true];
  if (!sameJson(schedule(before), schedule(after))) parts.push('schedule');
  return parts;
}

/**
 * `MatchDetailUpdate` after a committed change: the spec's `matchId`, plus the detail and the veto match
 * as a spectator reads them at this version (one presentation per change, from the read cache the commit
 * just filled), the users whose own answers may differ from a spectator's (players and captains: they
 * refetch everything), and the shared panels that changed.
 */
export async function matchDetailUpdate(change: MatchChange): Promise<MatchDetailUpdateEvent> {
  return roomUpdate(change.ctx, change.record.state.id, changedParts(change));
}

/**
 * The same update for a change beside the match's own state, which names the panels it changed (the game
 * server: allocated, moved, back online, a roster kick → `['server']`), so a spectator's room refetches only
 * the server box instead of every panel. A match that cannot be read sends the spec's `matchId` alone.
 */
export async function roomUpdate(
  ctx: AppContext,
  matchId: number,
  changed: RoomPart[],
): Promise<MatchDetailUpdateEvent> {
  const entry = await readMatchEntry(ctx, matchId).catch(() => null);
  if (!entry) return { matchId };
  // Presented once per entry (per version): the change's own update and the ones that follow it at the same
  // version (the game server provisioned after the veto's last turn) share it.
  const { view } = entry.present('room-update', () => ({
    view: spectatorPanels(ctx, entry.record),
    body: '',
  }));
  return fitToEvent({ matchId, ...view, changed });
}

/** What every spectator sees of the room at one version: the detail, the veto match, who takes part. */
function spectatorPanels(ctx: AppContext, record: MatchRecord) {
  const state = record.state;
  const participantIds = [
    ...new Set(
      [
        ...state.players.map((p) => p.userId),
        state.challenger.captainUserId,
        state.opponent.captainUserId,
      ].filter((id): id is number => id !== null),
    ),
  ];
  return {
    detail: presentMatchDetail(record, {
      viewer: { userId: null, isAdmin: false },
      newMatchHandlingFrom: ctx.config.matches.newMatchHandlingFrom,
      ratingStart: matchModule(ctx).rules.ratingStart,
    }),
    veto: presentVetoMatch(record),
    participantIds,
  };
}

/** Publishes `roomUpdate` on the match's `MatchDetailUpdate` channel. */
export async function publishRoomUpdate(
  ctx: AppContext,
  matchId: number,
  changed: RoomPart[],
): Promise<void> {
  await ctx.publish('MatchDetailUpdate', matchId, await roomUpdate(ctx, matchId, changed));
}

/**
 * Realtime events carry at most 10 KB of data (Pusher's limit, which the embedded service keeps: a larger
 * event is not sent at all). Kept under this, with room for the frame around it.
 */
export const MATCH_DETAIL_UPDATE_MAX_BYTES = 9 * 1024;

/**
 * The update as sent: whole when it fits; else without the veto match (a spectator's room refetches that
 * one); else only the spec's `matchId` (every room refetches, as for any other sender).
 */
export function fitToEvent(update: MatchDetailUpdateEvent): MatchDetailUpdateEvent {
  const fits = (u: MatchDetailUpdateEvent) =>
    Buffer.byteLength(JSON.stringify(u)) <= MATCH_DETAIL_UPDATE_MAX_BYTES;
  if (fits(update)) return update;
  const { veto: _veto, ...withoutVeto } = update;
  if (fits(withoutVeto)) return withoutVeto;
  return { matchId: update.matchId };
}

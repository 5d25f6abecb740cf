// The match room's reads and a person's commands. Reads are shaped by presenters from the same state
// and policies the commands obey; commands go through the runner (row lock, decide, commit, publish).
import type { Actor } from '@versus/common/match/commands';
import { vetoMapSelected } from '@versus/common/match/match-texts';
import { canAcceptChallenge, statusActions } from '@versus/common/match/policies';
import type { Viewer } from '@versus/common/match/policies';
import type { UserRow } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { MatchEngine } from './match-engine.ts';
import { presentMatchDetail } from './match-detail.presenter.ts';
import { runMatchCommand } from './match-runner.ts';
import { loadMatch, matchVersion } from './match.repository.ts';
import type { CachedVetoAnswer } from './veto-read-cache.ts';
import type { MatchRecord } from './match-state.mapper.ts';
import { presentVetoMatch } from './veto.presenter.ts';

export const MATCH_SUCCESS_TEXTS = {
  accepted: 'Challenge was accepted successfully',
  cancelled: 'Match was cancelled successfully',
  ready: 'Match has been set to ready',
  notReady: 'Match has been set to not ready',
} as const;

export function viewerOf(user: UserRow | null): Viewer {
  return { userId: user?.id ?? null, isAdmin: user?.role === 'admin' };
}

export function actorOf(user: UserRow): Actor {
  return { userId: user.id, isAdmin: user.role === 'admin' };
}

export async function findMatch(engine: MatchEngine, matchId: number): Promise<MatchRecord> {
  const record = await loadMatch(engine.db, matchId, { lock: false });
  if (!record) throw new NotFoundError('Match not found.');
  return record;
}

/**
 * The veto-shaped match (the same for every viewer) and its JSON body `{"data": ...}`, from this instance's
 * read cache while it is current (see veto-read-cache.ts), else loaded, presented and cached.
 */
export async function getVetoMatchAnswer(engine: MatchEngine, matchId: number): Promise<CachedVetoAnswer> {
  const cache = engine.vetoCache;
  const fresh = cache.fresh(matchId);
  if (fresh) return fresh;
  if (cache.has(matchId)) {
    const version = await matchVersion(engine.db, matchId);
    const same = version === null ? null : cache.revalidate(matchId, version);
    if (same) return same;
  }
  const ticket = cache.ticket();
  const record = await findMatch(engine, matchId);
  return cache.store(matchId, ticket, record.row.version, presentVetoMatch(record));
}

export async function getStatusActions(engine: MatchEngine, matchId: number, user: UserRow | null) {
  const record = await findMatch(engine, matchId);
  const viewer = viewerOf(user);
  const now = engine.now();
  return {
    ...statusActions(record.state, viewer, now),
    canAcceptMatch: canAcceptChallenge(record.state, viewer, now),
  };
}

export async function getMatchDetail(engine: MatchEngine, matchId: number, user: UserRow | null = null) {
  const record = await findMatch(engine, matchId);
  return presentMatchDetail(record, {
    viewer: viewerOf(user),
    newMatchHandlingFrom: engine.newMatchHandlingFrom,
    ratingK: engine.rules.ratingK,
  });
}

export async function acceptChallenge(engine: MatchEngine, user: UserRow, matchId: number) {
  await runMatchCommand(engine, matchId, { type: 'challenge.accept', actor: actorOf(user) });
  return { message: MATCH_SUCCESS_TEXTS.accepted };
}

export async function cancelMatch(engine: MatchEngine, user: UserRow, matchId: number) {
  await runMatchCommand(engine, matchId, { type: 'match.cancel', actor: actorOf(user) });
  return { message: MATCH_SUCCESS_TEXTS.cancelled };
}

export async function setReady(engine: MatchEngine, user: UserRow, matchId: number, ready: boolean) {
  await runMatchCommand(engine, matchId, { type: 'ready.set', actor: actorOf(user), ready });
  return { message: ready ? MATCH_SUCCESS_TEXTS.ready : MATCH_SUCCESS_TEXTS.notReady };
}

export async function selectVetoMap(engine: MatchEngine, user: UserRow, matchId: number, mapId: number) {
  const outcome = await runMatchCommand(engine, matchId, {
    type: 'veto.select',
    actor: actorOf(user),
    mapId,
  });
  const name = outcome.record.state.maps.find((m) => m.mapId === mapId)?.name ?? 'Map';
  return { message: vetoMapSelected(name) };
}

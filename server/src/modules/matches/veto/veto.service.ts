// The veto: the veto-shaped match every viewer sees, and a captain's ban or pick on their turn, through the
// runner (row lock, decide, commit, then `OnMatchMapChange`).
import type { VetoSelectAnswer } from '@versus/common/api/matches';
import { vetoMapSelected } from '@versus/common/match/match-texts';
import type { AppContext } from '../../../core/app-context.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { encodeBody, type EncodedBody } from '../../../lib/etag.ts';
import type { PublishOptions } from '../../../realtime/index.ts';
import { actorOf } from '../core/match.service.ts';
import { readMatchEntry, readyMatchEntry } from '../core/match-reads.ts';
import type { MatchReadEntry, Presented } from '../core/match-read-cache.ts';
import { runMatchCommand } from '../core/match-runner.ts';
import { presentVetoMatch } from './veto.presenter.ts';
import type { VetoMatchView } from './veto.presenter.ts';

/**
 * The veto-shaped match (the same for every viewer) and its JSON body `{"data": ...}`, built once per entry,
 * with the body's bytes and `ETag`.
 */
export async function getVetoMatchAnswer(
  ctx: AppContext,
  matchId: number,
): Promise<Presented<VetoMatchView> & { encoded: EncodedBody }> {
  return vetoAnswerOf(await readMatchEntry(ctx, matchId));
}

/** The veto-shaped match's body when its match is in memory and current (a hot read), else null. */
export function readyVetoMatchBody(ctx: AppContext, matchId: number): EncodedBody | null {
  const entry = readyMatchEntry(ctx, matchId);
  return entry ? vetoAnswerOf(entry).encoded : null;
}

function vetoAnswerOf(entry: MatchReadEntry): Presented<VetoMatchView> & { encoded: EncodedBody } {
  return entry.present('veto', () => {
    const view = presentVetoMatch(entry.record);
    const body = JSON.stringify({ data: view });
    return { view, body, encoded: encodeBody(body) };
  });
}

/**
 * A veto turn. The answer carries the match after it (as `OnMatchMapChange` does), so the clicking tab,
 * which that broadcast leaves out (`requester`), needs no refetch.
 */
export async function selectVetoMap(
  ctx: AppContext,
  user: UserRow,
  matchId: number,
  mapId: number,
  requester?: PublishOptions,
): Promise<VetoSelectAnswer> {
  const outcome = await runMatchCommand(
    ctx,
    matchId,
    { type: 'veto.select', actor: actorOf(user), mapId },
    undefined,
    requester,
  );
  const name = outcome.record.state.maps.find((m) => m.mapId === mapId)?.name ?? 'Map';
  return { message: vetoMapSelected(name), data: presentVetoMatch(outcome.record) };
}

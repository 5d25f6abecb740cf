// The match detail page's read: one body per kind of viewer from the read cache.
import { canType } from '@versus/common/match/policies';
import type { AppContext } from '../../../core/app-context.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { encodeBody, type EncodedBody } from '../../../lib/etag.ts';
import { viewerOf } from '../core/match.service.ts';
import { matchModule } from '../core/match-module.ts';
import type { MatchReadEntry } from '../core/match-read-cache.ts';
import { readMatchEntry, readyMatchEntry } from '../core/match-reads.ts';
import { presentMatchDetail } from './match-detail.presenter.ts';

/**
 * The detail page's JSON body `{"data": ...}` for the viewer. The page differs between viewers only in
 * `canType`, so each entry presents and encodes (through the route's answer schema, as Fastify would) at
 * most two bodies, whoever asks; each as bytes with its `ETag`.
 */
export async function getMatchDetailBody(
  ctx: AppContext,
  matchId: number,
  user: UserRow | null,
  encode: (answer: { data: ReturnType<typeof presentMatchDetail> }) => string,
): Promise<EncodedBody> {
  return detailBodyOf(ctx, await readMatchEntry(ctx, matchId), user, encode);
}

/** The viewer's detail body when its match is in memory and current (a hot read), else null. */
export function readyMatchDetailBody(
  ctx: AppContext,
  matchId: number,
  user: UserRow | null,
  encode: (answer: { data: ReturnType<typeof presentMatchDetail> }) => string,
): EncodedBody | null {
  const entry = readyMatchEntry(ctx, matchId);
  return entry ? detailBodyOf(ctx, entry, user, encode) : null;
}

function detailBodyOf(
  ctx: AppContext,
  entry: MatchReadEntry,
  user: UserRow | null,
  encode: (answer: { data: ReturnType<typeof presentMatchDetail> }) => string,
): EncodedBody {
  const viewer = viewerOf(user);
  const typing = canType(entry.record.state, viewer);
  return entry.present(`detail:${String(typing)}`, () => {
    const view = presentMatchDetail(entry.record, {
      viewer,
      newMatchHandlingFrom: ctx.config.matches.newMatchHandlingFrom,
      ratingStart: matchModule(ctx).rules.ratingStart,
    });
    const body = encode({ data: view });
    return { view, body, encoded: encodeBody(body) };
  }).encoded;
}

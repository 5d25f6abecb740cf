// The match room's shared service helpers: who the viewer or the actor of a request is, and the reads every
// part uses (the read cache's record for GETs, a fresh load otherwise). Each part's reads and commands are
// in its own folder; commands go through the runner (row lock, decide, commit, publish).
import type { Actor } from '@versus/common/match/commands';
import type { Viewer } from '@versus/common/match/policies';
import type { AppContext } from '../../../core/app-context.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { readMatch, readMatchEntry } from './match-reads.ts';
import type { MatchRecord } from './match-state.mapper.ts';

export { readMatch, readMatchEntry };

export function viewerOf(user: UserRow | null): Viewer {
  return { userId: user?.id ?? null, isAdmin: user?.role === 'admin' };
}

export function actorOf(user: UserRow): Actor {
  return { userId: user.id, isAdmin: user.role === 'admin' };
}

/** `readMatchEntry`'s record: for the match room's reads (GET), never before a write. */
export async function readMatchForView(ctx: AppContext, matchId: number): Promise<MatchRecord> {
  return (await readMatchEntry(ctx, matchId)).record;
}

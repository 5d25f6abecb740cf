// Player select (status 10) of solo-queue matches: the pug data and a captain's pick. The pick goes
// through the match runner (row lock, machine, commit, then `OnMatchPlayerPickerUpdate`).
import type { PickData, PickSelectAnswer } from '@versus/common/api/pick';
import type { UserRow } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../errors.ts';
import { escapeHtml } from '../../../lib/html.ts';
import type { AppContext } from '../../../core/app-context.ts';
import type { PublishOptions } from '../../../realtime/index.ts';
import { actorOf, readMatch } from '../core/match.service.ts';
import { runMatchCommand } from '../core/match-runner.ts';
import type { MatchRecord } from '../core/match-state.mapper.ts';
import { presentPickData } from './pick.presenter.ts';

export const PICK_TEXTS = {
  notPug: 'This match has no player select (it is not a solo-queue match).',
} as const;

/** The success toast (HTML): the picked player's name, escaped. */
export function playerPickedMessage(username: string): string {
  return `<b>${escapeHtml(username)}</b> was picked successfully.`;
}

async function findPickMatch(ctx: AppContext, matchId: number): Promise<MatchRecord> {
  const record = await readMatch(ctx, matchId);
  if (record.state.type !== 'solo-queue') throw new NotFoundError(PICK_TEXTS.notPug);
  return record;
}

export async function getPickData(ctx: AppContext, matchId: number): Promise<PickData> {
  return presentPickData(await findPickMatch(ctx, matchId));
}

/**
 * A captain's pick. The answer carries the pug data after it (as `OnMatchPlayerPickerUpdate` does), so the
 * clicking tab, which that broadcast leaves out (`requester`), needs no refetch.
 */
export async function selectPlayer(
  ctx: AppContext,
  user: UserRow,
  matchId: number,
  playerUserId: number,
  requester?: PublishOptions,
): Promise<PickSelectAnswer> {
  await findPickMatch(ctx, matchId);
  const outcome = await runMatchCommand(
    ctx,
    matchId,
    { type: 'pick.select', actor: actorOf(user), playerUserId },
    undefined,
    requester,
  );
  const picked = outcome.record.users.get(playerUserId)?.username ?? 'The player';
  return { message: playerPickedMessage(picked), data: presentPickData(outcome.record) };
}

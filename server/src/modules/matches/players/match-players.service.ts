import { STATUS } from '@versus/common/match/statuses';
import type { AppContext } from '../../../core/app-context.ts';
import { anticheatStatuses } from '../../anticheat/index.ts';
import { readMatchForView } from '../core/match.service.ts';
import { subUserIds } from '../subs/sub.repository.ts';
import { presentMatchPlayers } from './match-players.presenter.ts';

/** Both rosters; the anticheat status is looked up only while the match is in progress. */
export async function getMatchPlayers(ctx: AppContext, matchId: number) {
  const record = await readMatchForView(ctx, matchId);
  const subs = await subUserIds(ctx.db, matchId);
  const anticheat =
    record.state.statusId === STATUS.inProgress ? await anticheatStatuses(ctx.db, matchId, ctx.now()) : null;
  return presentMatchPlayers(record, subs, anticheat);
}

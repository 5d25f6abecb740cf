import { STATUS } from '@versus/common/match/statuses';
import { anticheatStatuses } from '../anticheat/anticheat-status.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { findRuledMatch } from '../matches/match-rules.ts';
import { subUserIds } from '../subs/sub.repository.ts';
import { presentMatchPlayers } from './match-players.presenter.ts';

/** Both rosters; the anticheat status is looked up only while the match is in progress. */
export async function getMatchPlayers(engine: MatchEngine, matchId: number) {
  const record = await findRuledMatch(engine, matchId);
  const subs = await subUserIds(engine.db, matchId);
  const anticheat =
    record.state.statusId === STATUS.inProgress
      ? await anticheatStatuses(engine.db, matchId, engine.now())
      : null;
  return presentMatchPlayers(record, subs, anticheat);
}

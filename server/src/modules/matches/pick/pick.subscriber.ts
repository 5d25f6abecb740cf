// After every pick (a captain's or the timeout's): the pug data on match-player-picker.{id}, so the
// Player Picker updates without a refetch, and a match room refresh for the team panels.
import type { MatchRecord } from '../core/match-state.mapper.ts';
import { matchDetailUpdate } from '../core/match-reads.ts';
import { matchSubscriber } from '../core/match-events.ts';
import { presentPickData } from './pick.presenter.ts';

/** The pug data, or only the match id (listeners refetch) when it would pass the 10 KB event limit. */
function pickerPayload(record: MatchRecord) {
  const matchId = record.state.id;
  const pug = presentPickData(record);
  return JSON.stringify(pug).length > 8000 ? { matchId } : { matchId, pug };
}

export const pickSubscriber = matchSubscriber({
  name: 'player picker',
  events: ['PlayerPickerUpdate'],
  async afterCommit(_event, change) {
    const matchId = change.record.state.id;
    // The pick's answer carries the pug data: the clicking tab is left out.
    await change.ctx.publish(
      'OnMatchPlayerPickerUpdate',
      matchId,
      pickerPayload(change.record),
      change.requester,
    );
    // A pick changes the team panels; the last pick's status change already carries its own update. The
    // update is the one a match change sends (detail, veto, `changed: ['players', 'lineup']`), so a crowd
    // watching the draft refetches the team panels only, not the whole room.
    if (!change.events.some((e) => e.type === 'MatchDetailUpdate')) {
      await change.ctx.publish('MatchDetailUpdate', matchId, await matchDetailUpdate(change));
    }
  },
});

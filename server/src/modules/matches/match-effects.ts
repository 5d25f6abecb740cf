// After commit: publish what a committed change caused. A failed broadcast is logged, never undone:
// the change is already stored and clients refetch on their next event or poll.
import { assertNever } from '@versus/common/match/assert-never';
import type { MatchEvent } from '@versus/common/match/events';
import { eventWireChannel } from '@versus/common/realtime';
import type { RealtimeEventName, RealtimeEventPayloads } from '@versus/common/realtime';
import { presentNotification } from '../notifications/notification.presenter.ts';
import { presentPugData } from '../pug/pug.presenter.ts';
import type { MatchEngine } from './match-engine.ts';
import type { CommandOutcome } from './match-runner.ts';
import { presentVetoMatch } from './veto.presenter.ts';

async function publish<E extends RealtimeEventName>(
  engine: MatchEngine,
  event: E,
  id: number,
  payload: RealtimeEventPayloads[E] | Record<string, unknown>,
): Promise<void> {
  try {
    await engine.broadcaster.publish(eventWireChannel(event, id), event, payload);
  } catch (err) {
    engine.log.error({ err, event, id }, 'match: broadcast failed');
  }
}

async function handle(engine: MatchEngine, outcome: CommandOutcome, event: MatchEvent): Promise<void> {
  const matchId = outcome.record.state.id;
  switch (event.type) {
    case 'MatchDetailUpdate':
      return publish(engine, 'MatchDetailUpdate', matchId, { matchId });
    case 'OnMatchMapChange':
      return publish(engine, 'OnMatchMapChange', matchId, { match: presentVetoMatch(outcome.record) });
    case 'MatchCancelled':
      await publish(engine, 'OnMatchCancelled', matchId, { matchId });
      await engine.gameServers.destroyForMatch(matchId);
      return;
    case 'Notify':
    case 'NotifyAdmins':
      return; // written in the transaction; published below with their row ids
    case 'GameServerRequested':
      await engine.gameServers.provisionForMatch(matchId);
      return;
    case 'MatchFinished':
      await engine.gameServers.destroyForMatch(matchId);
      return;
    case 'PlayerPickerUpdate':
      await publish(engine, 'OnMatchPlayerPickerUpdate', matchId, pickerPayload(outcome));
      // A pick changes the team panels; the last pick's status change already carries its own update.
      if (!outcome.events.some((e) => e.type === 'MatchDetailUpdate')) {
        await publish(engine, 'MatchDetailUpdate', matchId, { matchId });
      }
      return;
    case 'LocationVoteUpdate':
      return publish(engine, 'OnMatchAutoLocationVoteUpdate', matchId, {
        matchId,
        id: event.locationId,
        votes: event.votes,
      });
    case 'LocationVoteFinished':
      return publish(engine, 'OnMatchAutoLocationFinishUpdate', matchId, {
        matchId,
        locationId: event.locationId,
      });
    case 'MatchDisputed':
      return publish(engine, 'OnMatchDetailDisputed', matchId, {
        matchId,
        message: 'This match has been disputed, an admin will look into it.',
      });
    default:
      return assertNever(event);
  }
}

/** The pug data, or only the match id (listeners refetch) when it would pass the 10 KB event limit. */
function pickerPayload(outcome: CommandOutcome) {
  const matchId = outcome.record.state.id;
  const pug = presentPugData(outcome.record);
  return JSON.stringify(pug).length > 8000 ? { matchId } : { matchId, pug };
}

/** Publishes every event of a committed change, then its notifications on each user's private channel. */
export async function publishOutcome(engine: MatchEngine, outcome: CommandOutcome): Promise<void> {
  // Before any event goes out, so a client refetching on it from this instance gets the new state. A
  // finish may also have placed the winner in the next bracket match.
  engine.vetoCache.invalidate(outcome.record.row.id, outcome.record.row.nextMatchId);
  for (const event of outcome.events) {
    try {
      await handle(engine, outcome, event);
    } catch (err) {
      engine.log.error({ err, event: event.type }, 'match: after-commit effect failed');
    }
  }
  for (const row of outcome.notifications) {
    await publish(engine, 'OnNotificationReceived', row.userId, {
      notification: presentNotification(row),
    });
  }
}

// After commit: announce what a committed change caused. For each event, in the order the machine
// emitted them: the match's own broadcast, then the after-commit subscribers (the player picker, game
// servers); last, the work the in-transaction subscribers left (publishing the notifications they wrote,
// starting the effects they recorded, which finish after the request answered: modules/effects,
// docs/match-engine.md#effects-outbox).
// A failure is logged, never undone: the change is already stored and clients refetch on their next
// event or poll.
import { assertNever } from '@versus/common/match/assert-never';
import type { MatchEvent } from '@versus/common/match/events';
import type { CommandOutcome, MatchChange } from './match-events.ts';
import { matchModule } from './match-module.ts';
import { matchDetailUpdate } from './match-reads.ts';
import { presentVetoMatch } from '../veto/veto.presenter.ts';
import { pagesChanged } from '../../../core/page-cache.ts';

/** The match room's own broadcast of one event; events other modules act on publish nothing here. */
async function broadcast(change: MatchChange, event: MatchEvent): Promise<void> {
  const { ctx } = change;
  const matchId = change.record.state.id;
  switch (event.type) {
    case 'MatchDetailUpdate':
      return ctx.publish('MatchDetailUpdate', matchId, await matchDetailUpdate(change));
    case 'OnMatchMapChange':
      // The veto answer carries this match: the clicking tab is left out.
      return ctx.publish(
        'OnMatchMapChange',
        matchId,
        { match: presentVetoMatch(change.record) },
        change.requester,
      );
    case 'MatchCancelled':
      return ctx.publish('OnMatchCancelled', matchId, { matchId });
    case 'LocationVoteUpdate':
      return ctx.publish('OnMatchAutoLocationVoteUpdate', matchId, {
        matchId,
        id: event.locationId,
        votes: event.votes,
      });
    case 'LocationVoteFinished':
      return ctx.publish('OnMatchAutoLocationFinishUpdate', matchId, {
        matchId,
        locationId: event.locationId,
      });
    case 'MatchDisputed':
      return ctx.publish('OnMatchDetailDisputed', matchId, {
        matchId,
        message: 'This match has been disputed, an admin will look into it.',
      });
    case 'SubAdded':
      return ctx.publish('OnMatchDetailSubAdd', matchId, { matchId });
    case 'Notify':
    case 'NotifyAdmins':
    case 'GameServerRequested':
    case 'MatchFinished':
    case 'PlayerPickerUpdate':
      return; // subscribers act on these (match-subscribers.ts)
    default:
      return assertNever(event);
  }
}

async function guarded(outcome: CommandOutcome, what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    outcome.ctx.log.error(
      { err, matchId: outcome.record.state.id, what },
      'match: after-commit effect failed',
    );
  }
}

/** Publishes every event of a committed change and runs what its subscribers do after commit. */
export async function publishOutcome(outcome: CommandOutcome): Promise<void> {
  const { readCache, subscribers } = matchModule(outcome.ctx);
  // Before any event goes out, so a client refetching on it from this instance gets the new state. A
  // finish may also have placed the winner in the next bracket match, and a finish or a cancellation moves
  // ratings that other matches show: then every entry goes.
  if (outcome.events.some((e) => e.type === 'MatchFinished' || e.type === 'MatchCancelled'))
    readCache.clear();
  else readCache.invalidate(outcome.record.row.id, outcome.record.row.nextMatchId);
  // The match as stored: the next read (and the next command's load) need not read it again.
  if (outcome.stored) readCache.replace(outcome.stored);
  // The team pages, ladder standings, brackets and profiles show matches (who is busy, results, ratings,
  // the bracket's next match): dropped on every instance before any event goes out.
  await pagesChanged(outcome.ctx);
  for (const event of outcome.events) {
    await guarded(outcome, event.type, () => broadcast(outcome, event));
    for (const subscriber of subscribers) {
      const afterCommit = subscriber.afterCommit?.bind(subscriber);
      if (!afterCommit || !subscriber.events.includes(event.type)) continue;
      await guarded(outcome, `${subscriber.name}: ${event.type}`, () => afterCommit(event, outcome));
    }
  }
  for (const work of outcome.afterCommit) await guarded(outcome, 'after commit', work);
}

// Match changes become webhook events (docs/webhooks.md#events): read from what the change did (the
// status before and after, the machine's events), recorded in the change's own transaction.
import { STATUS } from '@versus/common/match/statuses';
import type { AppContext } from '../../core/app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { WebhookEndpointRow } from '../../db/schema/index.ts';
import { recordEffect, registerEffectHandler } from '../effects/index.ts';
import { loadMatch, matchSubscriber, type MatchRecord } from '../matches/index.ts';
import { readServerConnection } from './server-connection.ts';
import {
  hears,
  recordWebhookEvent,
  startSending,
  webhookMatchOf,
  type NewWebhookEvent,
} from './webhook-events.ts';
import { activeEndpoints, eventRecorded, roundStartRecorded } from './webhook.repository.ts';

const SERVER_READY_EFFECT = 'webhook-server-ready';

function sideName(record: MatchRecord, side: number | null): string | null {
  if (side === 1) return record.state.challenger.name;
  if (side === 2) return record.state.opponent.name;
  return null;
}

/** The played maps in play order, with the series score when there is one. */
function playedMaps(record: MatchRecord) {
  const scores = new Map((record.state.score.maps ?? []).map((m) => [m.mapId, m]));
  return record.state.maps
    .filter((m) => m.mapOrder !== null)
    .sort((a, b) => (a.mapOrder ?? 0) - (b.mapOrder ?? 0))
    .map((m) => ({
      order: m.mapOrder,
      map: m.name,
      pickedBy: m.decider ? 'decider' : sideName(record, m.pickedBySide),
      challengerScore: scores.get(m.mapId)?.challengerScore ?? null,
      opponentScore: scores.get(m.mapId)?.opponentScore ?? null,
    }));
}

/** The events one change of one match causes, in the order it caused them. */
export function webhookEventsOf(ctx: AppContext, before: MatchRecord, after: MatchRecord): NewWebhookEvent[] {
  const match = webhookMatchOf(ctx, after);
  const from = before.state.statusId;
  const to = after.state.statusId;
  const out: NewWebhookEvent[] = [];
  const add = (event: NewWebhookEvent['event'], data: Record<string, unknown> = {}) =>
    out.push({ event, match, data });
  if (from === STATUS.challenge && to !== STATUS.challenge && to !== STATUS.cancelled) add('match.accepted');
  if (from === STATUS.mapVeto && to !== STATUS.mapVeto && to !== STATUS.cancelled) {
    add('veto.finished', {
      maps: playedMaps(after).map(({ order, map, pickedBy }) => ({ order, map, pickedBy })),
    });
  }
  const hadScores = (before.state.score.maps ?? []).some((m) => m.challengerScore !== null);
  const hasScores = (after.state.score.maps ?? []).some((m) => m.challengerScore !== null);
  if (!hadScores && hasScores) {
    for (const m of playedMaps(after).filter((p) => p.challengerScore !== null)) add('map.finished', m);
  }
  if (from !== STATUS.disputed && to === STATUS.disputed) add('dispute.opened');
  if (from === STATUS.disputed && to !== STATUS.disputed) {
    add('dispute.resolved', {
      status: to === STATUS.finished ? 'finished' : to === STATUS.cancelled ? 'cancelled' : 'reopened',
    });
  }
  if (from !== STATUS.finished && to === STATUS.finished) {
    const winner = after.state.winnerSide;
    const result = {
      winner: winner === 0 ? 'draw' : sideName(after, winner),
      challengerMaps: after.state.score.challengerMaps,
      opponentMaps: after.state.score.opponentMaps,
      forfeit: after.state.forfeit,
      maps: playedMaps(after),
    };
    add('match.result', result);
    if (after.row.ladderId !== null)
      add('standings.changed', { ladderId: after.row.ladderId, competition: match.competition });
  }
  if (from !== STATUS.cancelled && to === STATUS.cancelled) {
    add('match.cancelled', { reason: after.state.cancelReason });
  }
  return out;
}

export const webhookSubscriber = matchSubscriber({
  name: 'webhooks',
  events: ['MatchDetailUpdate', 'MatchCancelled', 'MatchFinished', 'MatchDisputed', 'GameServerRequested'],
  async inTransaction(tx, events, change) {
    const ids: number[] = [];
    // The endpoints on now, read once per change however many events it causes (a veto's end causes two).
    let active: WebhookEndpointRow[] | null = null;
    const endpoints = async () => (active ??= await activeEndpoints(tx));
    for (const e of webhookEventsOf(change.ctx, change.before, change.record)) {
      ids.push(...(await recordWebhookEvent(tx, e, change.now, await endpoints())));
    }
    const round = await roundStarted(tx, change.ctx, change.before, change.record);
    if (round) ids.push(...(await recordWebhookEvent(tx, round, change.now, await endpoints())));
    // The server is ready some time after the veto: an effect that waits (retries) until it is.
    // Only when some endpoint hears it, so a league without webhooks records nothing.
    const serverReady = {
      event: 'server.ready' as const,
      match: webhookMatchOf(change.ctx, change.record),
      data: {},
    };
    if (
      events.some((e) => e.type === 'GameServerRequested') &&
      (await endpoints()).some((endpoint) => hears(endpoint, serverReady))
    ) {
      const key = `v${String(change.before.row.version)}`;
      ids.push(
        await recordEffect(
          tx,
          { matchId: change.record.state.id, kind: SERVER_READY_EFFECT, key },
          change.now,
        ),
      );
    }
    if (ids.length === 0) return;
    // Detached: the change's answer (a veto turn, a score approval) never waits for a receiver.
    return async () => {
      startSending(change.ctx, ids);
    };
  },
});

/**
 * A tournament round starts when its first match leaves status 3 (scheduled): its ready check opens. Sent
 * once per round (the round's other matches find it recorded).
 */
async function roundStarted(
  tx: Tx,
  ctx: AppContext,
  before: MatchRecord,
  after: MatchRecord,
): Promise<NewWebhookEvent | null> {
  const { tournamentId, tournamentRound } = after.row;
  if (tournamentId === null || tournamentRound === null) return null;
  const from = before.state.statusId;
  const to = after.state.statusId;
  if (from !== STATUS.scheduled || to === STATUS.scheduled || to === STATUS.cancelled) return null;
  if (await roundStartRecorded(tx, tournamentId, tournamentRound)) return null;
  return {
    event: 'tournament.round-started',
    match: webhookMatchOf(ctx, after),
    data: { tournamentId, round: tournamentRound },
  };
}

/** A new match (a ladder challenge): recorded by whoever inserts it, in its transaction. */
export async function recordMatchCreated(
  ctx: AppContext,
  tx: Tx,
  matchId: number,
  now: number,
): Promise<number[]> {
  const record = await loadMatch(tx, matchId, { lock: false });
  if (!record) return [];
  return recordWebhookEvent(
    tx,
    { event: 'match.created', match: webhookMatchOf(ctx, record), data: { bestOf: record.state.bestOf } },
    now,
  );
}

/** 15 minutes before an agreed start (docs/scheduling.md): recorded by the reminder sweep, in its transaction. */
export async function recordMatchStartingSoon(
  ctx: AppContext,
  tx: Tx,
  record: MatchRecord,
  now: number,
): Promise<number[]> {
  const start = record.state.startDate;
  return recordWebhookEvent(
    tx,
    {
      event: 'match.starting-soon',
      match: webhookMatchOf(ctx, record),
      data: { startDate: start === null ? null : new Date(start).toISOString() },
    },
    now,
  );
}

// Idempotent: a match that already announced its server, or is no longer in play, owes nothing; a match
// whose server is not up yet throws, so the outbox tries again with its backoff.
registerEffectHandler(SERVER_READY_EFFECT, async (ctx, effect) => {
  const record = await loadMatch(ctx.db, effect.matchId, { lock: false });
  if (record?.state.statusId !== STATUS.inProgress) return;
  const connection = await readServerConnection(ctx.db, effect.matchId);
  if (!connection) throw new Error('The game server is not ready yet.');
  const ids = await ctx.db.transaction(async (tx) => {
    if (await eventRecorded(tx, effect.matchId, 'server.ready')) return [];
    return recordWebhookEvent(
      tx,
      {
        event: 'server.ready',
        match: webhookMatchOf(ctx, record),
        data: { location: connection.location },
        adminData: { connect: connection.connect },
      },
      ctx.now(),
    );
  });
  startSending(ctx, ids);
});

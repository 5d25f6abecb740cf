// The match log's one service. Every batch of a match's `games_mp.log`, whichever way it arrives, is stored
// once, parsed once (only its own lines, on top of the per-match parse state) and handed to the subscribers:
// the statistics and the automatic result (an effect, once the log decides the series) in the batch's
// transaction, then, after the commit, the live score and the effect started (detached from the answer). The log agent's batches (`ga_` token) are the path of pool servers; the per-match path (`gs_`
// token) is a thin adapter for servers without an agent (docs/game-servers.md, "The log agent").
import crypto from 'node:crypto';
import type { AgentBatchReceipt } from '@versus/common/api/game-servers';
import type { AppContext } from '../../core/app-context.ts';
import type { Tx } from '../../db/client.ts';
import { NotFoundError, UnauthorizedError } from '../../errors.ts';
import { storeAgentBatch } from './agent-batch.ts';
import { startEffectsNow } from '../effects/index.ts';
import { LiveScores, recordLogResultIfDecided } from './live-score.ts';
import { parseLogLine, type LogEvent } from './match-log-parser.ts';
import { insertBatch, lastBatchOf, lockMatch } from './match-log.repository.ts';
import { continueRestoredMaps, storedMatchEvents } from './restore-point.ts';
import { MatchLogStates } from './match-log-state.ts';
import { gameServerForToken } from './match-server-token.ts';
import type { AppendedBatch, LogBatchResult, MatchLogBatch, MatchLogSubscribers } from './match-log-batch.ts';

/**
 * Stores a batch from a known game server (no token check: for trusted callers such as the simulated server
 * and the demo scenarios) and hands it to the subscribers, within the caller's transaction. Without a parse
 * state the match's stored log is parsed again.
 */
export async function appendMatchLog(
  tx: Tx,
  gameServerId: number,
  batch: MatchLogBatch,
  subscribers: MatchLogSubscribers,
): Promise<LogBatchResult> {
  return (await append(tx, gameServerId, batch, subscribers, null)).result;
}

async function append(
  tx: Tx,
  gameServerId: number,
  batch: MatchLogBatch,
  subscribers: MatchLogSubscribers,
  states: MatchLogStates | null,
): Promise<AppendedBatch> {
  const batchId = batch.batchId ?? crypto.createHash('sha256').update(batch.lines.join('\n')).digest('hex');
  const match = await lockMatch(tx, batch.matchId);
  if (!match) throw new NotFoundError('Match not found.');
  const previous = await lastBatchOf(tx, batch.matchId);
  const stored = await insertBatch(tx, {
    gameServerId,
    matchId: batch.matchId,
    batchId,
    lines: batch.lines,
    now: batch.now,
    sequence: (previous?.sequence ?? 0) + 1,
  });
  const result = { batchId, accepted: stored !== null, lines: batch.lines.length, maps: [] as string[] };
  if (stored === null) return { result, state: null };

  const fresh = parseLines(batch);
  const known = states?.eventsUpTo(batch.matchId, previous?.id ?? 0);
  const events = known ? [...known, ...fresh] : await storedMatchEvents(tx, batch.matchId);
  result.maps = await subscribers.statistics(tx, {
    matchId: batch.matchId,
    gameId: match.gameId,
    // A map restored at its score goes on as one map (restore-point.ts).
    events: continueRestoredMaps(events),
    fresh,
    lastBatchId: stored,
    // A restored match's batch can drop events an earlier batch handed on (the interrupted round, the new
    // server's warm-up): its statistics are folded again from the whole continued log, never added to.
    previousBatchId: events.some((e) => e.type === 'restore') ? null : (previous?.id ?? null),
  });
  return { result, state: { matchId: batch.matchId, lastBatchId: stored, events } };
}

/** The batch's events, read as the stored log reads them again (a line holding a newline is two lines). */
function parseLines(batch: Pick<MatchLogBatch, 'lines' | 'events'>): LogEvent[] {
  const events: LogEvent[] = [];
  batch.lines.forEach((line, i) => {
    const parsed = line.includes('\n')
      ? line.split('\n').map(parseLogLine)
      : [batch.events ? (batch.events[i] ?? null) : parseLogLine(line)];
    for (const event of parsed) if (event) events.push(event);
  });
  return events;
}

/** One app's match log: its parse state and its after-commit subscribers. */
export class MatchLogService {
  private readonly states = new MatchLogStates();
  private readonly live: LiveScores;

  constructor(
    private readonly ctx: AppContext,
    private readonly subscribers: MatchLogSubscribers,
  ) {
    this.live = new LiveScores(ctx);
  }

  /**
   * A batch of the log agent beside a pool server (`ga_` token): stored and attributed to matches in one
   * transaction, with the automatic result owed once the log decided the series (a `log-score` effect);
   * after the commit, each match that got lines gets its live score, and the result's entry starts (detached:
   * the receipt answers without waiting for it).
   */
  async ingestAgentBatch(token: string | null, body: unknown): Promise<AgentBatchReceipt> {
    const now = new Date(this.ctx.now());
    // The automatic results the batch's transaction recorded (one transaction, never retried).
    const owed: number[] = [];
    const outcome = await storeAgentBatch(this.ctx.db, token, body, now, async (tx, gameServerId, batch) => {
      const appended = await append(tx, gameServerId, batch, this.subscribers, this.states);
      const { state } = appended;
      const effect = state
        ? await recordLogResultIfDecided(tx, state.matchId, state.lastBatchId, now.getTime())
        : null;
      if (effect !== null) owed.push(effect);
      return appended;
    });
    this.remember(outcome.appended);
    for (const { state } of outcome.appended) if (state) await this.live.afterBatch(state.matchId);
    // Detached: the receipt (what the agent may forget) depends only on what the transaction stored, never on
    // the result's entry, so the agent's next batch does not wait for the match command (and its webhooks).
    // The effect is recorded already; a failure is the worker's to retry.
    startEffectsNow(this.ctx, owed);
    return outcome.receipt;
  }

  /**
   * A batch posted for one match by its game server (`gs_` token; 401 for a token not of this match's
   * server). Stored and parsed like the agent's; the live score and the automatic result follow the
   * agent's batches only.
   */
  async ingestMatchServerBatch(input: {
    matchId: number;
    token: string | null;
    batchId: string | null;
    lines: string[];
  }): Promise<LogBatchResult> {
    if (!input.token) throw new UnauthorizedError('A game server token is required.');
    const token = input.token;
    const now = new Date(this.ctx.now());
    const appended = await this.ctx.db.transaction(async (tx) => {
      const server = await gameServerForToken(tx, input.matchId, token);
      if (!server) throw new UnauthorizedError('Invalid game server token.');
      return append(tx, server.id, { ...input, now }, this.subscribers, this.states);
    });
    this.remember([appended]);
    return appended.result;
  }

  private remember(appended: readonly AppendedBatch[]): void {
    for (const { state } of appended) {
      if (state) this.states.remember(state.matchId, state.lastBatchId, state.events);
    }
  }
}

// Batches of games_mp.log from the log agent beside a pool server. Exactly once: each batch names its file
// generation and byte range; the platform keeps, per file, the offset up to which it has stored lines, so a
// resent batch is a duplicate and an overlapping one is trimmed (an agent killed after posting but before
// saving its offset re-reads from its older offset). The lines are attributed to the match the server was
// running: the platform sets the serverinfo dvar `_versus_match` at allocation, and CoD4 writes every
// serverinfo dvar in each `InitGame:` line. Each match's lines are then appended to its match log in the same
// transaction (match-log.service.ts).
import { agentBatchSchema, type AgentBatchReceipt } from '@versus/common/api/game-servers';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameServerAgentFiles, gameServerHosts, gameServers } from '../../db/schema/index.ts';
import { UnauthorizedError, ValidationError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { hostForAgentToken } from './agent-token.ts';
import { initGameMatch, parseLogLine, type LogEvent } from './match-log-parser.ts';
import type { AppendedBatch, MatchLogBatch } from './match-log-batch.ts';

/** What an accepted batch changed, for the after-commit effects (parse state, live score, automatic result). */
export interface AgentBatchOutcome {
  receipt: AgentBatchReceipt;
  appended: AppendedBatch[];
}

/** Appends one match's lines to its match log, in the agent batch's transaction. */
export type AppendToMatchLog = (tx: Tx, gameServerId: number, batch: MatchLogBatch) => Promise<AppendedBatch>;

/** Stores an agent batch: the token, the schema, the file's offset, the attribution, each match's lines. */
export async function storeAgentBatch(
  db: Db,
  token: string | null,
  body: unknown,
  now: Date,
  appendToMatchLog: AppendToMatchLog,
): Promise<AgentBatchOutcome> {
  if (!token) throw new UnauthorizedError('A game server agent token is required.');
  const parsed = (() => {
    try {
      return { batch: parseInput(agentBatchSchema, body) };
    } catch (error) {
      return { error };
    }
  })();
  return db
    .transaction(async (tx) => {
      const host = await hostForAgentToken(tx, token);
      if (!host) throw new UnauthorizedError('Invalid game server agent token.');
      if (!('batch' in parsed) || !parsed.batch) {
        // Counted on the server in its own short write, then refused; nothing of the batch is stored.
        await tx
          .update(gameServerHosts)
          .set({ agentRejected: sql`${gameServerHosts.agentRejected} + 1`, agentLastBatchAt: now })
          .where(eq(gameServerHosts.id, host.id));
        return { rejected: parsed.error };
      }
      const batch = parsed.batch;
      const [file] = await tx
        .insert(gameServerAgentFiles)
        .values({ hostId: host.id, fileKey: batch.fileKey, ackOffset: 0, updatedAt: now })
        .onConflictDoUpdate({
          target: [gameServerAgentFiles.hostId, gameServerAgentFiles.fileKey],
          set: { updatedAt: now },
        })
        .returning();
      const ack = file?.ackOffset ?? 0;
      if (batch.endOffset <= ack) {
        await tx
          .update(gameServerHosts)
          .set({ agentDuplicates: sql`${gameServerHosts.agentDuplicates} + 1`, agentLastBatchAt: now })
          .where(eq(gameServerHosts.id, host.id));
        return {
          outcome: {
            receipt: {
              fileKey: batch.fileKey,
              ackOffset: ack,
              duplicate: true,
              accepted: 0,
              unattributed: 0,
            },
            appended: [],
          },
        };
      }
      // Drop the lines (or the part of the batch) already stored; a gap (start above ack) cannot be refilled.
      let offset = batch.startOffset;
      const fresh: ParsedLine[] = [];
      for (const line of batch.lines) {
        if (offset >= ack) fresh.push({ line, offset, event: parseLogLine(line) });
        offset += line.length + 1;
      }
      const groups = await attribute(tx, host.id, host.logMatchId, fresh);
      const appended: AppendedBatch[] = [];
      let unattributed = 0;
      for (const group of groups.list) {
        if (group.matchId === null) {
          unattributed += group.lines.length;
          continue;
        }
        appended.push(
          await appendToMatchLog(tx, group.serverId, {
            matchId: group.matchId,
            batchId: `agent:${batch.fileKey}:${group.offset}`,
            lines: group.lines,
            events: group.events,
            now,
          }),
        );
      }
      await tx
        .update(gameServerAgentFiles)
        .set({ ackOffset: batch.endOffset, updatedAt: now })
        .where(
          and(eq(gameServerAgentFiles.hostId, host.id), eq(gameServerAgentFiles.fileKey, batch.fileKey)),
        );
      await tx
        .update(gameServerHosts)
        .set({
          logMatchId: groups.lastMatchId,
          agentBatches: sql`${gameServerHosts.agentBatches} + 1`,
          agentUnattributedLines: sql`${gameServerHosts.agentUnattributedLines} + ${unattributed}`,
          agentLastBatchAt: now,
        })
        .where(eq(gameServerHosts.id, host.id));
      return {
        outcome: {
          receipt: {
            fileKey: batch.fileKey,
            ackOffset: batch.endOffset,
            duplicate: false,
            accepted: fresh.length,
            unattributed,
          },
          appended,
        },
      };
    })
    .then((result) => {
      if ('rejected' in result) {
        throw result.rejected instanceof ValidationError
          ? result.rejected
          : new ValidationError({ body: ['The batch is not valid.'] });
      }
      return result.outcome;
    });
}

/** A line of the batch with its byte offset and its event, parsed once for the attribution and the log. */
interface ParsedLine {
  line: string;
  offset: number;
  event: LogEvent | null;
}

interface LineGroup {
  matchId: number | null;
  /** The allocation (game_servers row) of that match on this host. */
  serverId: number;
  offset: number;
  lines: string[];
  events: (LogEvent | null)[];
}

/**
 * Splits lines by the match they belong to: from the host's current attribution, switched by every
 * InitGame line. A match id that was never allocated to this host attributes nothing (a forged dvar).
 */
async function attribute(
  tx: Tx,
  hostId: number,
  startMatchId: number | null,
  lines: ParsedLine[],
): Promise<{ list: LineGroup[]; lastMatchId: number | null }> {
  const allocations = new Map<number, number | null>();
  const allocationOf = async (matchId: number): Promise<number | null> => {
    if (!allocations.has(matchId)) {
      const [row] = await tx
        .select({ id: gameServers.id })
        .from(gameServers)
        .where(and(eq(gameServers.hostId, hostId), eq(gameServers.matchId, matchId)))
        .orderBy(desc(gameServers.id))
        .limit(1);
      allocations.set(matchId, row?.id ?? null);
    }
    return allocations.get(matchId) ?? null;
  };
  let current = startMatchId;
  const list: LineGroup[] = [];
  for (const { line, offset, event } of lines) {
    const init = initGameMatch(event);
    if (init !== null) current = init > 0 && (await allocationOf(init)) !== null ? init : null;
    const serverId = current === null ? null : await allocationOf(current);
    const matchId = serverId === null ? null : current;
    const last = list[list.length - 1];
    if (last && last.matchId === matchId) {
      last.lines.push(line);
      last.events.push(event);
    } else {
      list.push({ matchId, serverId: serverId ?? 0, offset, lines: [line], events: [event] });
    }
  }
  return { list, lastMatchId: current };
}

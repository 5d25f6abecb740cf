// The match log's live round score and automatic result (docs/game-servers.md). The live score of the match
// room (`OnMatchLiveScore`) is published after every batch that changed it; it is not owed (the next batch
// publishes it again). The automatic result is: once the log's completed maps decide the series, the batch's
// transaction records a `log-score` effect (docs/match-engine.md#effects-outbox), and its handler enters the
// scores as the system ("entered from the server log"); the captains approve or dispute as after any entry.
// A map is complete when a side reached the rounds to win of the competition's promod mode (match_mr12: 13)
// or at a draw (12-12), as promod ends it.
import { STATUS } from '@versus/common/match/statuses';
import { roundsToWinOf } from '@versus/common/match/promod';
import type { MapScore } from '@versus/common/match/state';
import { logResultSheet, type ServerLog } from '@versus/common/match/server-log';
import type { LiveScore } from '@versus/common/api/game-servers';
import type { AppContext } from '../../core/app-context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../errors.ts';
import { recordEffect, registerEffectHandler } from '../effects/index.ts';
import { loadMatch, runMatchCommand } from '../matches/index.ts';
import { playedMapLogScores } from './match-log.repository.ts';

/** The effect kind of the automatic result. */
export const LOG_SCORE_EFFECT = 'log-score';

/** The log's rounds won per played map (play order). */
export async function liveScoreOf(db: Db | Tx, matchId: number): Promise<LiveScore> {
  return { matchId, maps: await playedMapLogScores(db, matchId) };
}

/** The score sheet the log's completed maps decide for a match in progress; null while undecided. */
async function logResultOf(db: Db | Tx, matchId: number): Promise<MapScore[] | null> {
  const record = await loadMatch(db, matchId, { lock: false });
  if (record?.state.statusId !== STATUS.inProgress) return null;
  const score = await liveScoreOf(db, matchId);
  const log: ServerLog = {
    maps: score.maps.flatMap((m) => {
      const info = record.maps.find((i) => i.nameCmd === m.nameCmd);
      return info && m.firstScore !== null && m.secondScore !== null
        ? [{ mapId: info.mapId, firstScore: m.firstScore, secondScore: m.secondScore }]
        : [];
    }),
    roundsToWin: roundsToWinOf(record.competition.promodMode),
    fresh: true,
  };
  return logResultSheet(record.state, log);
}

/**
 * In a batch's transaction, after the statistics wrote its log scores: when they decide the series, the
 * automatic result is owed. The stored batch's id is the key, so a batch records it once. Answers the
 * effect's id, or null when nothing is owed.
 */
export async function recordLogResultIfDecided(
  tx: Tx,
  matchId: number,
  batchRowId: number,
  now: number,
): Promise<number | null> {
  if (!(await logResultOf(tx, matchId))) return null;
  return recordEffect(tx, { matchId, kind: LOG_SCORE_EFFECT, key: `batch-${String(batchRowId)}` }, now);
}

// Idempotent: the result is read again from the stored log scores, and a match no longer in progress (the
// result entered already, by this effect or by a captain) or a refused entry changes nothing.
registerEffectHandler(LOG_SCORE_EFFECT, async (ctx, effect) => {
  const scores = await logResultOf(ctx.db, effect.matchId);
  if (!scores) return;
  try {
    await runMatchCommand(ctx, effect.matchId, { type: 'score.fromLog', scores });
  } catch (err) {
    // A refusal is final (the match moved on under the check): nothing owed any more. Anything else retries.
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    ctx.log.info({ err, matchId: effect.matchId }, 'live score: log result not entered');
  }
});

export class LiveScores {
  /** The last score published per match by this instance (no event when a batch changed nothing). */
  private readonly last = new Map<number, string>();

  constructor(private readonly engine: AppContext) {}

  /** After a batch of the match committed: publishes the log scores the statistics wrote, if they changed. */
  async afterBatch(matchId: number): Promise<void> {
    const score = await liveScoreOf(this.engine.db, matchId);
    const key = JSON.stringify(score.maps);
    if (this.last.get(matchId) === key) return;
    this.last.set(matchId, key);
    if (this.last.size > 5000) this.last.delete(this.last.keys().next().value ?? matchId);
    await this.engine.publish('OnMatchLiveScore', matchId, score);
  }
}

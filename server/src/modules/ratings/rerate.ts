// Re-rating history (`npm run ratings:rerate -w server`): when the model changes, every player, team and
// ladder standing goes back to a newcomer's belief and every result that stands is rated again, in the
// order the matches finished, in one transaction (all or nothing). Ladder win/loss/draw counters are
// results, not ratings: they stay. Rows of `rating_history` tied to a match are written anew.
import { newSkill } from '@versus/common/match/skill';
import { SIDE_CHALLENGER, SIDE_OPPONENT } from '@versus/common/match/state';
import type { Side } from '@versus/common/match/state';
import type { Db, Tx } from '../../db/client.ts';
import { resetAllRatings, resultsInOrder, sidePlayersOf } from './rating.repository.ts';
import { outcomeOf, rateResultOf } from './ratings.service.ts';
import type { ResultToRate } from './ratings.service.ts';

export interface RerateSummary {
  matches: number;
}

/** A stored result as the model rates it, with the moment it finished. */
export type StoredResult = Omit<ResultToRate, 'countRecord'> & { finishedAt: number };

/**
 * Every result that stands (finished, or disputed after finishing; a winner or a draw), in the order the
 * matches finished, with the players of each solo-queue side. Read by the re-rating and the benchmark.
 */
export async function storedResults(db: Db | Tx): Promise<StoredResult[]> {
  const results: StoredResult[] = [];
  for (const r of await resultsInOrder(db)) {
    const players: { userId: number; side: Side }[] = [];
    if (r.type === 'solo-queue') {
      for (const p of await sidePlayersOf(db, [r.id])) {
        if (p.side === SIDE_CHALLENGER || p.side === SIDE_OPPONENT)
          players.push({ userId: p.userId, side: p.side });
      }
    }
    results.push({
      matchId: r.id,
      kind: r.type,
      ladderId: r.type === 'ladder' ? r.ladderId : null,
      teamIds: { challenger: r.challengerTeamId, opponent: r.opponentTeamId },
      players,
      outcome: outcomeOf(r.winnerSide),
      finishedAt: (r.finishedAt ?? new Date(0)).getTime(),
    });
  }
  return results;
}

export async function rerateHistory(db: Db, ratingStart: number): Promise<RerateSummary> {
  return db.transaction(async (tx) => {
    const fresh = newSkill();
    await resetAllRatings(tx, { rating: ratingStart, mu: fresh.mu, sigma: fresh.sigma });
    const results = await storedResults(tx);
    for (const { finishedAt, ...result } of results) {
      await rateResultOf(tx, { ...result, countRecord: false }, ratingStart, finishedAt);
    }
    return { matches: results.length };
  });
}

// The match log's after-commit subscribers (docs/game-servers.md): the live round score of the match
// room (`OnMatchLiveScore`, published after every batch that changed it), and the automatic result: once the
// log's completed maps decide the series, their scores are entered by the system ("entered from the server
// log"), and the captains approve or dispute as after any entry. A map is complete when a side reached the
// rounds to win of the competition's promod mode (match_mr12: 13) or at a draw (12-12), as promod ends it.
import { STATUS } from '@versus/common/match/statuses';
import { roundsToWinOf } from '@versus/common/match/promod';
import { logResultSheet, type ServerLog } from '@versus/common/match/server-log';
import type { LiveScore } from '@versus/common/api/game-servers';
import type { AppContext } from '../../core/app-context.ts';
import type { Db } from '../../db/client.ts';
import { loadMatch, runMatchCommand } from '../matches/index.ts';
import { playedMapLogScores } from './match-log.repository.ts';

/** The log's rounds won per played map (play order). */
export async function liveScoreOf(db: Db, matchId: number): Promise<LiveScore> {
  return { matchId, maps: await playedMapLogScores(db, matchId) };
}

export class LiveScores {
  /** The last score published per match by this instance (no event when a batch changed nothing). */
  private readonly last = new Map<number, string>();

  constructor(private readonly engine: AppContext) {}

  /** After a batch of the match committed: reads the log scores the statistics wrote, not the log. */
  async afterBatch(matchId: number): Promise<void> {
    const score = await liveScoreOf(this.engine.db, matchId);
    const key = JSON.stringify(score.maps);
    if (this.last.get(matchId) !== key) {
      this.last.set(matchId, key);
      if (this.last.size > 5000) this.last.delete(this.last.keys().next().value ?? matchId);
      await this.engine.publish('OnMatchLiveScore', matchId, score);
    }
    await this.enterResultIfDecided(matchId, score);
  }

  /** Enters the log's result when its complete maps decide the series (refused quietly otherwise). */
  private async enterResultIfDecided(matchId: number, score: LiveScore): Promise<void> {
    const record = await loadMatch(this.engine.db, matchId, { lock: false });
    if (record?.state.statusId !== STATUS.inProgress) return;
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
    const scores = logResultSheet(record.state, log);
    if (!scores) return;
    await runMatchCommand(this.engine, matchId, { type: 'score.fromLog', scores }).catch((err: unknown) =>
      this.engine.log.info({ err, matchId }, 'live score: log result not entered'),
    );
  }
}

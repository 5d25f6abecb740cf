// The rating breakdown of a match page (`GET /api/v1/match-detail/ratings/{id}`): before the result each
// rated subject's current belief, after it the belief before and after and the displayed change, read
// from the match's `rating_history` rows (the latest rating, after any reversal).
import type { MatchRatings, RatingEntry, SkillSnapshot } from '@versus/common/api/ratings';
import { isProvisional, POINTS_PER_MU, PROVISIONAL_SIGMA, SKILL_MODEL } from '@versus/common/match/skill';
import { SIDE_CHALLENGER, SIDE_OPPONENT } from '@versus/common/match/state';
import type { AppContext } from '../../core/app-context.ts';
import type { RatingHistoryRow } from '../../db/schema/index.ts';
import { matchWinProbability, readMatchForView } from '../matches/index.ts';
import type { MatchRecord } from '../matches/index.ts';
import { ratingChangesOfMatch } from './rating.repository.ts';
import { outcomeOf } from './ratings.service.ts';

type SideKey = 'challenger' | 'opponent';

function snapshot(mu: number | null, sigma: number | null, rating: number): SkillSnapshot {
  return { mu, sigma, rating, provisional: sigma !== null && sigma > PROVISIONAL_SIGMA };
}

/** The rows of the standing rating: `match` rows written after the match's last reversal. */
function standingRows(history: readonly RatingHistoryRow[]): RatingHistoryRow[] {
  const lastReversal = history.reduce((id, r) => (r.reason === 'reversal' ? Math.max(id, r.id) : id), 0);
  return history.filter((r) => r.reason === 'match' && r.id > lastReversal);
}

function teamSide(record: MatchRecord, teamId: number | null): SideKey {
  return record.state.challenger.teamId === teamId ? 'challenger' : 'opponent';
}

function teamName(record: MatchRecord, side: SideKey): string {
  return record.state[side].name;
}

function ratedEntries(record: MatchRecord, rows: readonly RatingHistoryRow[]): RatingEntry[] {
  return rows.map((r) => {
    const before = snapshot(r.muBefore, r.sigmaBefore, r.oldRating);
    const after = snapshot(r.muAfter, r.sigmaAfter, r.newRating);
    if (r.userId !== null) {
      const player = record.state.players.find((p) => p.userId === r.userId);
      return {
        subject: 'player',
        side: player?.side === SIDE_OPPONENT ? 'opponent' : 'challenger',
        userId: r.userId,
        teamId: null,
        name: record.users.get(r.userId)?.username ?? player?.username ?? '',
        before,
        after,
        delta: r.delta,
      };
    }
    const side = teamSide(record, r.teamId);
    return {
      subject: r.ladderId !== null ? 'ladder' : 'team',
      side,
      userId: null,
      teamId: r.teamId,
      name: teamName(record, side),
      before,
      after,
      delta: r.delta,
    };
  });
}

/** Not rated yet: each subject's current belief, the inputs the result will be rated with. */
function currentEntries(record: MatchRecord): RatingEntry[] {
  const entries: RatingEntry[] = [];
  for (const side of ['challenger', 'opponent'] as const) {
    const info = record.teams[side];
    if (info) {
      const { team } = info;
      entries.push({
        subject: 'team',
        side,
        userId: null,
        teamId: team.id,
        name: team.name,
        before: snapshot(team.mu, team.sigma, team.rating),
        after: null,
        delta: null,
      });
      if (info.ladderSkill && info.ladderRating !== null) {
        entries.push({
          subject: 'ladder',
          side,
          userId: null,
          teamId: team.id,
          name: team.name,
          before: snapshot(info.ladderSkill.mu, info.ladderSkill.sigma, info.ladderRating),
          after: null,
          delta: null,
        });
      }
      continue;
    }
    const sideId = side === 'challenger' ? SIDE_CHALLENGER : SIDE_OPPONENT;
    for (const p of record.state.players) {
      const u = record.users.get(p.userId);
      if (p.side !== sideId || !u) continue;
      entries.push({
        subject: 'player',
        side,
        userId: u.id,
        teamId: null,
        name: u.username,
        before: { mu: u.mu, sigma: u.sigma, rating: u.elo, provisional: isProvisional(u) },
        after: null,
        delta: null,
      });
    }
  }
  return entries;
}

export async function getMatchRatings(ctx: AppContext, matchId: number): Promise<MatchRatings> {
  const record = await readMatchForView(ctx, matchId);
  const rated = record.row.challengerRatingDelta !== null;
  const rows = rated ? standingRows(await ratingChangesOfMatch(ctx.db, matchId)) : [];
  const ratingStart = ctx.config.ratings.start;
  return {
    matchId,
    rated,
    outcome: rated ? outcomeOf(record.row.winnerSide) : null,
    winProbability: matchWinProbability(record),
    model: {
      name: SKILL_MODEL.name,
      mu: SKILL_MODEL.mu,
      sigma: SKILL_MODEL.sigma,
      beta: SKILL_MODEL.beta,
      tau: SKILL_MODEL.tau,
      z: SKILL_MODEL.z,
      pointsPerMu: POINTS_PER_MU,
      provisionalSigma: PROVISIONAL_SIGMA,
      ratingStart,
    },
    entries: rated ? ratedEntries(record, rows) : currentEntries(record),
  };
}

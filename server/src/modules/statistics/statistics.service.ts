// Reads a match's statistics for the Match Overview scoreboard.
import type { MatchStatisticsView } from '@versus/common/stats/statistics';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { presentStatistics, seriesScore } from './statistics.presenter.ts';
import { matchMapsWithNames, matchRoster, matchSummary, namesOf, statsOfMatch } from './stats.repository.ts';

/** The statistics view of a match; 404 when the match does not exist. */
export async function matchStatistics(db: Db, matchId: number): Promise<MatchStatisticsView> {
  const match = await matchSummary(db, matchId);
  if (!match) throw new NotFoundError('Match not found.');
  const [mapRows, roster, stats] = await Promise.all([
    matchMapsWithNames(db, matchId),
    matchRoster(db, matchId),
    statsOfMatch(db, matchId),
  ]);
  const teamIds = [match.challengerTeamId, match.opponentTeamId].filter((id): id is number => id !== null);
  const captainIds = [match.challengerCaptainId, match.opponentCaptainId].filter(
    (id): id is number => id !== null,
  );
  const names = await namesOf(db, teamIds, captainIds);
  const sideName = (teamId: number | null, captainId: number | null, fallback: string) =>
    (teamId !== null ? names.teams.get(teamId) : undefined) ??
    (captainId !== null ? `Team ${names.users.get(captainId) ?? fallback}` : fallback);

  // Entered scores win over the log's; the log fills in while nobody has entered a score.
  const maps = mapRows
    .filter((m) => m.mapOrder !== null)
    .map((m) => ({
      matchMapId: m.id,
      mapId: m.mapId,
      name: m.name,
      image: m.image,
      firstScore: m.firstScore ?? m.logFirstScore,
      secondScore: m.secondScore ?? m.logSecondScore,
    }));
  const played = maps.filter(
    (m) => stats.some((s) => s.mapId === m.mapId) || (m.firstScore !== null && m.secondScore !== null),
  );
  return presentStatistics({
    gameSlug: match.gameSlug,
    teamNames: {
      first: sideName(match.challengerTeamId, match.challengerCaptainId, 'Challenger'),
      second: sideName(match.opponentTeamId, match.opponentCaptainId, 'Opponent'),
    },
    seriesScore: seriesScore({ first: match.challengerScore, second: match.opponentScore }, played),
    maps,
    roster,
    stats,
  });
}

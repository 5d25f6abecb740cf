// A team's figures for its page (docs/statistics.md, "Team figures"): its finished matches' results, each
// current member's figures in the matches they played for the team, map win rates, a head-to-head and the
// team rating over time.
import type { TeamStats } from '@versus/common/api/team-stats';
import type { Db } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { fpsRating, kdRatio } from './fps-rating.ts';
import {
  finishedMatchesOfTeam,
  memberStatsForTeam,
  membersOf,
  playedMapsOfTeam,
  teamBySlug,
  teamNames,
  teamRatingHistory,
} from './team-stats.repository.ts';

type Result = 'win' | 'loss' | 'draw';

/** The match's result for the side the team played; null when the match has none (no winner side). */
function resultOf(m: { challengerTeamId: number | null; winnerSide: number | null }, teamId: number) {
  if (m.winnerSide === null) return null;
  if (m.winnerSide === 0) return 'draw' as const;
  return (m.winnerSide === 1) === (m.challengerTeamId === teamId) ? ('win' as const) : ('loss' as const);
}

function tally(results: (Result | null)[]) {
  return {
    matches: results.length,
    wins: results.filter((r) => r === 'win').length,
    losses: results.filter((r) => r === 'loss').length,
    draws: results.filter((r) => r === 'draw').length,
  };
}

/** The team's figures; `vs` is the opponent's slug for the head-to-head. 404 for an unknown team. */
export async function teamStats(db: Db, slug: string, vs: string | undefined): Promise<TeamStats> {
  const team = await teamBySlug(db, slug);
  if (!team) throw new NotFoundError('Team not found.');
  const opponent = vs ? await teamBySlug(db, vs) : null;
  if (vs && !opponent) throw new NotFoundError('Opponent team not found.');
  if (opponent?.id === team.id) {
    throw new ValidationError({ vs: ['The opponent must be another team.'] });
  }
  const [matchRows, mapRows, members, ratingRows] = await Promise.all([
    finishedMatchesOfTeam(db, team.id),
    playedMapsOfTeam(db, team.id),
    membersOf(db, team.id),
    teamRatingHistory(db, team.id),
  ]);
  const opponentIds = new Set(
    matchRows.map((m) => (m.challengerTeamId === team.id ? m.opponentTeamId : m.challengerTeamId)),
  );
  const [memberRows, opponents] = await Promise.all([
    memberStatsForTeam(
      db,
      team.id,
      members.map((m) => m.userId),
    ),
    teamNames(
      db,
      [...opponentIds].filter((id): id is number => id !== null),
    ),
  ]);

  const roster = members
    .map((member) => {
      const s = memberRows.find((r) => r.userId === member.userId);
      return {
        ...member,
        matches: s?.matches ?? 0,
        kills: s?.kills ?? 0,
        deaths: s?.deaths ?? 0,
        kdRatio: s ? kdRatio(s.kills, s.deaths) : null,
        fpsRating: s ? fpsRating(s) : null,
      };
    })
    .sort((a, b) => (b.fpsRating ?? -1) - (a.fpsRating ?? -1) || a.username.localeCompare(b.username));

  // A map counts when both sides have a score; won when the team's side has more rounds.
  const scored = mapRows.flatMap((m) => {
    if (m.first === null || m.second === null) return [];
    const [own, other] = m.challengerTeamId === team.id ? [m.first, m.second] : [m.second, m.first];
    return [{ ...m, won: own > other, lost: own < other }];
  });
  const byMap = new Map<number, { mapId: number; name: string; played: number; won: number; lost: number }>();
  for (const m of scored) {
    const entry = byMap.get(m.mapId) ?? { mapId: m.mapId, name: m.name, played: 0, won: 0, lost: 0 };
    entry.played++;
    if (m.won) entry.won++;
    if (m.lost) entry.lost++;
    byMap.set(m.mapId, entry);
  }
  const mapStats = [...byMap.values()]
    .map((m) => ({ ...m, winRate: m.played > 0 ? Math.round((100 * m.won) / m.played) : null }))
    .sort((a, b) => b.played - a.played || a.name.localeCompare(b.name));

  let headToHead: TeamStats['headToHead'] = null;
  if (opponent) {
    const between = matchRows.filter(
      (m) => m.challengerTeamId === opponent.id || m.opponentTeamId === opponent.id,
    );
    const ids = new Set(between.map((m) => m.id));
    const maps = scored.filter((m) => ids.has(m.matchId));
    const recent = [...between]
      .sort((a, b) => (b.finishedAt?.getTime() ?? 0) - (a.finishedAt?.getTime() ?? 0) || b.id - a.id)
      .slice(0, 10)
      .flatMap((m) => {
        const result = resultOf(m, team.id);
        if (!result) return [];
        const own = m.challengerTeamId === team.id;
        return [
          {
            matchId: m.id,
            finishedAt: m.finishedAt?.toISOString() ?? null,
            teamScore: own ? m.challengerScore : m.opponentScore,
            opponentScore: own ? m.opponentScore : m.challengerScore,
            result,
          },
        ];
      });
    headToHead = {
      opponent: { slug: opponent.slug, name: opponent.name },
      ...tally(between.map((m) => resultOf(m, team.id))),
      mapsWon: maps.filter((m) => m.won).length,
      mapsLost: maps.filter((m) => m.lost).length,
      recent,
    };
  }
  return {
    team: { slug: team.slug, name: team.name },
    ...tally(matchRows.map((m) => resultOf(m, team.id))),
    roster,
    maps: mapStats,
    opponents,
    headToHead,
    ratingOverTime: ratingRows.map((r) => ({ x: r.at.toISOString(), y: r.rating, matchId: r.matchId })),
  };
}

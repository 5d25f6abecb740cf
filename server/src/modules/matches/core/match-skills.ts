// The rating model's view of a loaded match, from the stored beliefs the record already carries (no
// extra query): a team side is its ladder standing on a ladder, else its team rating; a solo-queue side
// is its players. The win probability is the one the match was rated with once it is rated.
import { winProbability } from '@versus/common/match/skill';
import type { SidePair, Skill } from '@versus/common/match/skill';
import { SIDE_CHALLENGER } from '@versus/common/match/state';
import type { Side } from '@versus/common/match/state';
import type { MatchRecord } from './match-state.mapper.ts';

export function sideSkills(record: MatchRecord, side: Side): Skill[] {
  const team = side === SIDE_CHALLENGER ? record.teams.challenger : record.teams.opponent;
  if (team) return [team.ladderSkill ?? { mu: team.team.mu, sigma: team.team.sigma }];
  return record.state.players.flatMap((p) => {
    if (p.side !== side) return [];
    const u = record.users.get(p.userId);
    return u ? [{ mu: u.mu, sigma: u.sigma }] : [];
  });
}

export function matchSkills(record: MatchRecord): SidePair<Skill[]> {
  return { challenger: sideSkills(record, 1), opponent: sideSkills(record, 2) };
}

/** Each side's chance to win: the rated one after the result, else from the current beliefs. */
export function matchWinProbability(record: MatchRecord): SidePair<number> {
  const rated = record.row.challengerWinProbability;
  if (rated !== null) return { challenger: rated, opponent: 1 - rated };
  return winProbability(matchSkills(record));
}

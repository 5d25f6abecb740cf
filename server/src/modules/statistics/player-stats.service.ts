import type { PlayerStats } from '@versus/common/api/player-stats';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import { presentPlayerStats } from './player-stats.presenter.ts';
import {
  playedMatches,
  playerByName,
  playerMapRows,
  playerRatingChanges,
  teamRatingChanges,
} from './player-stats.repository.ts';

/** A player's statistics over time, for their profile and for bots (`GET /api/v1/users/{username}/stats`). */
export async function getPlayerStats(db: Db, username: string): Promise<PlayerStats> {
  const player = await playerByName(db, username);
  if (!player) throw new NotFoundError('User not found.');
  const [matches, mapRows, own, team] = await Promise.all([
    playedMatches(db, player.id),
    playerMapRows(db, player.id),
    playerRatingChanges(db, player.id),
    teamRatingChanges(db, player.id),
  ]);
  return presentPlayerStats(player, matches, mapRows, own, team);
}

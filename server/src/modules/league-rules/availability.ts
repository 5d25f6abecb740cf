// Reads the facts a match command needs for the league rules (`Availability`, see common's
// league-rules.ts): the teams' member counts and which players of the match (or about to join it) play
// another match in play. `lock` takes those players' locks first (inside the command's transaction, after
// the match's row lock).
import type { MatchCommand } from '@versus/common/match/commands';
import { COMMANDS_WITH_AVAILABILITY } from '@versus/common/match/commands';
import type { Availability } from '@versus/common/match/league-rules';
import type { MatchState } from '@versus/common/match/state';
import type { Db, Tx } from '../../db/client.ts';
import { lockPlayers, memberCounts, playingElsewhere } from './availability.repository.ts';

/** Whether the command is decided with the league rules' facts (and so under the players' locks). */
export function needsAvailability(command: MatchCommand): boolean {
  if (!(COMMANDS_WITH_AVAILABILITY as readonly string[]).includes(command.type)) return false;
  // Setting a team not ready frees players; it needs no facts.
  return !(command.type === 'ready.set' && !command.ready);
}

/** The players a command would bring into the match, beyond its current lineups. */
function incomingPlayers(command: MatchCommand): number[] {
  if (command.type === 'lineup.set') return command.userIds;
  if (command.type === 'challenge.accept') return command.lineup?.userIds ?? [];
  if (command.type === 'sub.add') return [command.userId];
  return [];
}

/** The facts for `match` and `extraUserIds`; with `lock` (in a command's transaction) under the players' locks. */
export async function readAvailability(
  db: Db | Tx,
  match: MatchState,
  extraUserIds: readonly number[],
  lock: Tx | null,
): Promise<Availability> {
  const players = match.players.filter((p) => p.side === 1 || p.side === 2).map((p) => p.userId);
  const userIds = [...players, ...extraUserIds];
  if (lock) await lockPlayers(lock, userIds);
  const teamIds = [match.challenger.teamId, match.opponent.teamId].filter((id): id is number => id !== null);
  const counts = await memberCounts(db, teamIds);
  const sizeOf = (teamId: number | null) => (teamId === null ? null : (counts.get(teamId) ?? 0));
  return {
    rosterSizes: { challenger: sizeOf(match.challenger.teamId), opponent: sizeOf(match.opponent.teamId) },
    elsewhere: await playingElsewhere(db, userIds, match.id),
  };
}

/** The command with its facts read under the players' locks (unchanged when it needs none). */
export async function withAvailabilityRead(
  tx: Tx,
  match: MatchState,
  command: MatchCommand,
): Promise<MatchCommand> {
  if (!needsAvailability(command) || ('availability' in command && command.availability)) return command;
  const availability = await readAvailability(tx, match, incomingPlayers(command), tx);
  return { ...command, availability } as MatchCommand;
}

// League rules that look beyond one match (docs/league-rules.md):
// - a team plays a ladder or tournament match only with at least the competition's team size of members;
// - a player is in at most one match in play at a time (`IN_PLAY_STATUSES`; ready up counts once the
//   player's team is ready).
// Only the server can know a team's members or a player's other matches: it reads them under locks (the
// match row, then each player's lock in id order) and hands them to the machine with the command
// (`Availability`). `decide` puts them into the state, and the rules below read them there, so the
// permission flags (which ask `decide`) and the commands give the same answer.
import type { MatchState, PlayingElsewhere, Side } from './state.ts';
import { sideState } from './state.ts';
import { IN_PLAY_STATUSES, STATUS } from './statuses.ts';
import type { StatusId } from './statuses.ts';

export type { PlayingElsewhere } from './state.ts';

/** What the server read about the teams and the players, beyond the match's own rows. */
export interface Availability {
  /** Members on each side's team now (null: no team, as in solo-queue). */
  rosterSizes: { challenger: number | null; opponent: number | null };
  /** Players of this match (and any it is about to take in) who play another match in play now. */
  elsewhere: PlayingElsewhere[];
}

/** The state with the server's fresh facts in it (roster sizes, players playing elsewhere). */
export function withAvailability(match: MatchState, availability: Availability): MatchState {
  return {
    ...match,
    challenger: { ...match.challenger, rosterSize: availability.rosterSizes.challenger },
    opponent: { ...match.opponent, rosterSize: availability.rosterSizes.opponent },
    elsewhere: availability.elsewhere,
  };
}

/** Whether a team of `members` may play a ladder or tournament of `teamSize` (join and sign up it may). */
export function hasTeamSize(members: number, teamSize: number): boolean {
  return members >= teamSize;
}

/** `Your team needs at least 5 members to play this ladder (it has 2).` */
export function teamTooSmallText(
  team: string | null,
  competition: 'ladder' | 'tournament',
  size: number,
  members: number,
): string {
  const who = team ?? 'Your team';
  const noun = size === 1 ? 'member' : 'members';
  return `${who} needs at least ${String(size)} ${noun} to play this ${competition} (it has ${String(members)}).`;
}

/** `player3 is already playing match #12; a player can play only one match at a time.` */
export function playingElsewhereText(player: PlayingElsewhere): string {
  return `${player.username} is already playing match #${String(player.matchId)}; a player can play only one match at a time.`;
}

/**
 * Why `side`'s team may not play this match now: fewer members than the team size (ladder, tournament);
 * or null. `own`: the acting captain's side, named "Your team"; the other side is named.
 */
export function teamTooSmall(match: MatchState, side: Side, own: Side | null): string | null {
  if (match.type === 'solo-queue') return null;
  const { rosterSize, name } = sideState(match, side);
  const size = match.settings.teamSize;
  if (rosterSize === null || rosterSize === undefined || hasTeamSize(rosterSize, size)) return null;
  return teamTooSmallText(side === own ? null : name, match.type, size, rosterSize);
}

/** The first of `userIds` known to play another match in play, as the refusal text; or null. */
export function playingElsewhere(match: MatchState, userIds: readonly number[]): string | null {
  const busy = (match.elsewhere ?? []).find((p) => userIds.includes(p.userId) && p.matchId !== match.id);
  return busy ? playingElsewhereText(busy) : null;
}

/** The players of `sides` (their lineups now). */
export function playerIdsOf(match: MatchState, sides: readonly Side[]): number[] {
  return match.players.filter((p) => (sides as readonly number[]).includes(p.side)).map((p) => p.userId);
}

/**
 * Whether the match holds `side`'s players in `statusId` (see `IN_PLAY_STATUSES`): from the ready check
 * once the side is ready (9) through the score entry (8). The server's query mirrors this.
 */
export function holdsPlayers(match: MatchState, side: Side): boolean {
  if (match.statusId === STATUS.readyUp) return sideState(match, side).ready;
  return (IN_PLAY_STATUSES as readonly StatusId[]).includes(match.statusId);
}

// Lineups (ladder and tournament matches): a match is played by the competition's team size per side, and
// each captain chooses who plays from the team's roster. The lineup is the side's players in the match
// (`match.players`); the bench is the roster minus the lineup, where substitutes come from (sub.ts).
//
// Rules:
// - A captain sets their own side's lineup before the map veto: on a ladder while the challenge waits (1)
//   or is scheduled (3), in a tournament while scheduled (3) or during the ready check (9). Solo-queue
//   lineups are made by the player pick (10).
// - A lineup has exactly `settings.teamSize` players, all from the team's roster (the server passes the
//   roster, read under the row lock), none twice. A team with fewer members than the team size cannot
//   play (no short-handed lineups; see league-rules.ts). A player can be in only one lineup of a match.
// - When the roster has exactly the team size, it is the lineup by default.
// - Once the match holds the side's players (its team is ready in the ready check), a new lineup player
//   must not be playing another match in play.
// - The veto does not start until both lineups are complete: accepting (ladder) and readying up
//   (tournament) need the captain's own lineup complete, and the veto refuses to start otherwise.
import type { Actor, RosterPlayer } from './commands.ts';
import { accepted, refused } from './decision.ts';
import type { Decision } from './decision.ts';
import { holdsPlayers, playingElsewhere, teamTooSmallText } from './league-rules.ts';
import { captainSide, otherSide, sideState } from './state.ts';
import type { MatchPlayer, MatchState, Side } from './state.ts';
import { STATUS } from './statuses.ts';

export const LINEUP_TEXTS = {
  notCaptain: "Only the team's captain can set its lineup.",
  soloQueue: 'Solo-queue teams are made by the captains’ player pick.',
  tooLate: 'The lineup can no longer be changed: the map veto has started.',
  saved: 'Lineup was saved successfully',
} as const;

/** `Choose exactly 5 players for your lineup.` */
export function lineupSizeText(size: number): string {
  return `Choose exactly ${String(size)} ${size === 1 ? 'player' : 'players'} for your lineup.`;
}

export function lineupNotOnRosterText(): string {
  return "Every lineup player must be on your team's roster.";
}

export function lineupDuplicateText(): string {
  return 'A player can be chosen only once.';
}

/** `player7 is already in Northern Wolves's lineup: a player can play for only one side of a match.` */
export function lineupTakenText(username: string, teamName: string): string {
  return `${username} is already in ${teamName}'s lineup: a player can play for only one side of a match.`;
}

/** `Northern Wolves has not chosen its lineup yet (3 of 5 players).` */
export function lineupIncompleteText(teamName: string, count: number, size: number): string {
  return `${teamName} has not chosen its lineup yet (${String(count)} of ${String(size)} players).`;
}

/** The players in a side's lineup now (substitutes included, replaced players gone). */
export function lineupOf(match: MatchState, side: Side): MatchPlayer[] {
  return match.players.filter((p) => p.side === side);
}

/** How many players a side's lineup needs: the team size (a smaller team cannot play). */
export function lineupSizeOf(match: MatchState, _side: Side): number {
  return match.settings.teamSize;
}

export function isLineupComplete(match: MatchState, side: Side): boolean {
  if (match.type === 'solo-queue') return true;
  return lineupOf(match, side).length >= lineupSizeOf(match, side);
}

/** What keeps the veto from starting: the first side without a complete lineup, as a text; or null. */
export function missingLineup(match: MatchState): string | null {
  if (match.type === 'solo-queue') return null;
  for (const side of [1, 2] as const) {
    if (isLineupComplete(match, side)) continue;
    return lineupIncompleteText(
      sideState(match, side).name,
      lineupOf(match, side).length,
      lineupSizeOf(match, side),
    );
  }
  return null;
}

/** Statuses in which a captain may still set the lineup. */
export function lineupOpen(match: MatchState): boolean {
  switch (match.type) {
    case 'ladder':
      return match.statusId === STATUS.challenge || match.statusId === STATUS.scheduled;
    case 'tournament':
      return match.statusId === STATUS.scheduled || match.statusId === STATUS.readyUp;
    case 'solo-queue':
      return false;
  }
}

/** The lineup refusal for `userIds` from `roster` on `side`, or null when it is a valid lineup. */
export function lineupProblem(
  match: MatchState,
  side: Side,
  userIds: readonly number[],
  roster: readonly RosterPlayer[],
): string | null {
  if (new Set(userIds).size !== userIds.length) return lineupDuplicateText();
  const size = match.settings.teamSize;
  if (match.type !== 'solo-queue' && roster.length < size) {
    return teamTooSmallText(null, match.type, size, roster.length);
  }
  if (userIds.length !== size) return lineupSizeText(size);
  if (userIds.some((id) => !roster.some((r) => r.userId === id))) return lineupNotOnRosterText();
  const other = otherSide(side);
  const taken = match.players.find((p) => p.side === other && userIds.includes(p.userId));
  if (taken) return lineupTakenText(taken.username, sideState(match, other).name);
  return null;
}

/** The match with `side`'s lineup replaced by `userIds` (checked with `lineupProblem` first). */
export function withLineup(
  match: MatchState,
  side: Side,
  userIds: readonly number[],
  roster: readonly RosterPlayer[],
): MatchState {
  const lineup = userIds.map((userId): MatchPlayer => {
    const r = roster.find((p) => p.userId === userId);
    return { userId, username: r?.username ?? '', side, rating: r?.rating ?? 1000 };
  });
  const key = side === 1 ? 'challenger' : 'opponent';
  return {
    ...match,
    [key]: { ...match[key], rosterSize: roster.length },
    players: [...match.players.filter((p) => p.side !== side), ...lineup],
  };
}

/** A captain sets their side's lineup (`lineup.set`). */
export function decideLineupSet(
  match: MatchState,
  actor: Actor,
  userIds: readonly number[],
  roster: readonly RosterPlayer[],
): Decision {
  const side = captainSide(match, actor.userId);
  if (side === null) return refused('forbidden', LINEUP_TEXTS.notCaptain);
  if (match.type === 'solo-queue') return refused('wrong-status', LINEUP_TEXTS.soloQueue);
  if (!lineupOpen(match)) return refused('wrong-status', LINEUP_TEXTS.tooLate);
  const problem = lineupProblem(match, side, userIds, roster);
  if (problem !== null) return refused('invalid', problem);
  if (holdsPlayers(match, side)) {
    const busy = playingElsewhere(match, userIds);
    if (busy !== null) return refused('invalid', busy);
  }
  return accepted(withLineup(match, side, userIds, roster), [{ type: 'MatchDetailUpdate' }]);
}

/**
 * The lineup a side gets without choosing: its whole roster when that has exactly `teamSize` players;
 * none when a player of it already plays for the other side, the captain must choose (a bigger roster) or
 * the team is too small to play.
 */
export function defaultLineup(
  rosterIds: readonly number[],
  teamSize: number,
  takenIds: readonly number[] = [],
): number[] {
  if (rosterIds.length !== teamSize) return [];
  if (rosterIds.some((id) => takenIds.includes(id))) return [];
  return [...rosterIds];
}

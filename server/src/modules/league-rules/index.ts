// The league-rules module's front door (docs/league-rules.md): the facts the match rules need beyond one
// match (team member counts, players playing another match) and the players' locks.
export { lockPlayers, memberCount, memberCounts, playingElsewhere } from './availability.repository.ts';
export { needsAvailability, readAvailability, withAvailabilityRead } from './availability.ts';

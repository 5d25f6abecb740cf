// Single-elimination bracket planning, pure. Seeds are 1-based (1 = best rated). The bracket size is
// the next power of two; the missing seeds are byes, which always meet the top seeds (standard seeding
// puts seed s against size + 1 - s), so a bye never meets a bye. A team with a bye has no round-1
// match: it is placed straight into its round-2 slot.

/** One match to create: its place, the seeds already known for each side, and where its winner goes. */
export interface PlannedMatch {
  round: number;
  position: number;
  challengerSeed: number | null;
  opponentSeed: number | null;
  next: { position: number; side: 1 | 2 } | null;
}

export interface BracketPlan {
  size: number;
  rounds: number;
  matches: PlannedMatch[];
}

/** Seed order of the first round's slots: [1, 8, 4, 5, 2, 7, 3, 6] for 8. */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const m = order.length * 2;
    order = order.flatMap((s) => [s, m + 1 - s]);
  }
  return order;
}

/** Rounds and matches for `teamCount` teams (at least 2). */
export function planBracket(teamCount: number): BracketPlan {
  if (!Number.isInteger(teamCount) || teamCount < 2) throw new Error('A bracket needs at least 2 teams.');
  const rounds = Math.ceil(Math.log2(teamCount));
  const size = 2 ** rounds;
  const order = seedOrder(size);
  const real = (seed: number | undefined) => (seed !== undefined && seed <= teamCount ? seed : null);
  const nextOf = (round: number, position: number): PlannedMatch['next'] =>
    round === rounds ? null : { position: Math.floor(position / 2), side: position % 2 === 0 ? 1 : 2 };

  const matches: PlannedMatch[] = [];
  // Round 2 slots filled by byes, keyed by position.
  const byes = new Map<number, { challengerSeed: number | null; opponentSeed: number | null }>();
  for (let position = 0; position < size / 2; position++) {
    const a = real(order[2 * position]);
    const b = real(order[2 * position + 1]);
    if (a !== null && b !== null) {
      matches.push({ round: 1, position, challengerSeed: a, opponentSeed: b, next: nextOf(1, position) });
      continue;
    }
    const advancing = a ?? b;
    const next = nextOf(1, position);
    if (advancing === null || next === null) continue;
    const slot = byes.get(next.position) ?? { challengerSeed: null, opponentSeed: null };
    if (next.side === 1) slot.challengerSeed = advancing;
    else slot.opponentSeed = advancing;
    byes.set(next.position, slot);
  }
  for (let round = 2; round <= rounds; round++) {
    for (let position = 0; position < size / 2 ** round; position++) {
      const filled = round === 2 ? byes.get(position) : undefined;
      matches.push({
        round,
        position,
        challengerSeed: filled?.challengerSeed ?? null,
        opponentSeed: filled?.opponentSeed ?? null,
        next: nextOf(round, position),
      });
    }
  }
  return { size, rounds, matches };
}

/** "Final", "Semi-finals", "Quarter-finals", else "Round n". */
export function roundName(round: number, rounds: number): string {
  const fromEnd = rounds - round;
  if (fromEnd === 0) return 'Final';
  if (fromEnd === 1) return 'Semi-finals';
  if (fromEnd === 2) return 'Quarter-finals';
  return `Round ${String(round)}`;
}

/** When a round is due: the tournament start plus the minutes between rounds for each earlier round. */
export function roundStart(startMs: number, round: number, intervalMinutes: number): number {
  return startMs + (round - 1) * intervalMinutes * 60_000;
}

// The ban/pick order of a map veto, as data per best-of and map-pool size.
//
// Team-A rule: team A (the side that acts first) is always the OPPONENT side (side 2): on a ladder the team
// that was challenged (the challenger already chose the best-of and the start time); in a tournament the
// bracket's second slot; in solo-queue the captain who picked second in player select (the first pick went
// to the challenger captain, the higher-rated one). The match stores it as `veto.firstSide`, so an admin or
// a future rule can change it per match without touching this order.
//
// Order rule (the get5 shape: bans first, then the picks, then bans down to the decider), for a pool of
// N maps and a best-of B (N >= B):
//   - picks = B - 1 (the last map standing is the decider and is played last);
//   - bans = N - 1 - picks, so exactly one map is left after the last step;
//   - the closing bans are min(2, bans): one per team, so the decider is always drawn from the last three
//     maps once both teams have picked; the remaining (bans - closing) bans open the veto;
//   - the teams alternate on every step, A first: A, B, A, B, ...
// This gives exactly the fixed orders: BO1 = bans only (A, B, A, ... until one map is left);
// BO3/7 = A ban, B ban, A pick, B pick, A ban, B ban, decider; BO5/7 = A pick, B pick, A pick, B pick,
// A ban, B ban, decider. With two bans or fewer there are no opening bans (BO3/5 = A pick, B pick, A ban,
// B ban, decider), which is what BO5/7 requires of any rule that depends on counts alone.

export const BEST_OF = [1, 3, 5] as const;
export type BestOf = (typeof BEST_OF)[number];

export const VETO_ACTIONS = ['ban', 'pick'] as const;
export type VetoAction = (typeof VETO_ACTIONS)[number];

/** 'A' acts first (see the team-A rule above); 'B' is the other side. */
export type VetoTeam = 'A' | 'B';

export interface VetoStep {
  readonly team: VetoTeam;
  readonly action: VetoAction;
}

/** The largest pool the order is defined and tested for. */
export const MAX_POOL_SIZE = 11;

/** The steps of the veto; the map left after the last step is the decider (not a step). */
export function vetoOrder(bestOf: BestOf, poolSize: number): VetoStep[] {
  if (!Number.isInteger(poolSize) || poolSize < bestOf) {
    throw new Error(
      `A best of ${String(bestOf)} needs at least ${String(bestOf)} maps, got ${String(poolSize)}`,
    );
  }
  const picks = bestOf - 1;
  const bans = poolSize - 1 - picks;
  const closing = Math.min(2, bans);
  const actions: VetoAction[] = [
    ...Array<VetoAction>(bans - closing).fill('ban'),
    ...Array<VetoAction>(picks).fill('pick'),
    ...Array<VetoAction>(closing).fill('ban'),
  ];
  return actions.map((action, i) => ({ team: i % 2 === 0 ? 'A' : 'B', action }));
}

/** Compact form for docs and tests: `A-ban B-ban A-pick B-pick A-ban B-ban decider`. */
export function describeVetoOrder(steps: readonly VetoStep[]): string {
  return [...steps.map((s) => `${s.team}-${s.action}`), 'decider'].join(' ');
}

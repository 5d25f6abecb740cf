// Swiss rounds: our own pairing, because no maintained library fits the bracket's stored state.
// `tournament-organizer` pairs Swiss rounds too, but it owns a whole tournament object (players, matches,
// its own ids and status machine) that would duplicate our matches and brackets-manager's tables; Swiss
// needs only the two functions below, pure and replayable.
//
// Rules (FACEIT/ESL-style Swiss for team events):
// - Standing: wins (a bye is a win, a draw half a win, both sides out is a loss for each), then the
//   Buchholz score (the sum of the opponents' wins), then the seed.
// - Pairing: teams in standing order, each paired with the best-placed team it has not met yet
//   (backtracking when the rest cannot be paired without a rematch; a rematch only when unavoidable).
// - An odd number of teams: the lowest-placed team that has had no bye sits out with a win.

export type SwissResult = 'a' | 'b' | 'draw' | 'both-out';

export interface SwissMatch {
  id: number;
  round: number;
  a: number;
  /** Null: a bye for `a`. */
  b: number | null;
  result: SwissResult | null;
}

export interface SwissStanding {
  teamId: number;
  seed: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  buchholz: number;
}

/** `teamIds` in seed order (best first). */
export function swissStandings(teamIds: readonly number[], matches: readonly SwissMatch[]): SwissStanding[] {
  const rows = new Map<number, SwissStanding>(
    teamIds.map((teamId, i) => [
      teamId,
      { teamId, seed: i + 1, played: 0, wins: 0, draws: 0, losses: 0, buchholz: 0 },
    ]),
  );
  const opponents = new Map<number, number[]>(teamIds.map((id) => [id, []]));
  for (const m of matches) {
    if (m.result === null) continue;
    const a = rows.get(m.a);
    if (!a) continue;
    if (m.b === null) {
      a.wins += 1;
      continue;
    }
    const b = rows.get(m.b);
    if (!b) continue;
    a.played += 1;
    b.played += 1;
    opponents.get(m.a)?.push(m.b);
    opponents.get(m.b)?.push(m.a);
    if (m.result === 'a') [a.wins, b.losses] = [a.wins + 1, b.losses + 1];
    else if (m.result === 'b') [b.wins, a.losses] = [b.wins + 1, a.losses + 1];
    else if (m.result === 'draw') [a.draws, b.draws] = [a.draws + 1, b.draws + 1];
    else [a.losses, b.losses] = [a.losses + 1, b.losses + 1];
  }
  const score = (s: SwissStanding) => s.wins + s.draws / 2;
  for (const row of rows.values()) {
    row.buchholz = (opponents.get(row.teamId) ?? []).reduce((sum, o) => {
      const other = rows.get(o);
      return sum + (other ? score(other) : 0);
    }, 0);
  }
  return [...rows.values()].sort((x, y) => score(y) - score(x) || y.buchholz - x.buchholz || x.seed - y.seed);
}

/** Pairs the next round: `[a, b]` pairs (b null: bye). Teams in `teamIds` seed order. */
export function pairSwissRound(
  teamIds: readonly number[],
  matches: readonly SwissMatch[],
): [number, number | null][] {
  const order = swissStandings(teamIds, matches).map((s) => s.teamId);
  const met = new Set(matches.filter((m) => m.b !== null).map((m) => key(m.a, m.b ?? 0)));
  const pairs: [number, number | null][] = [];
  let pool = order;
  if (pool.length % 2 === 1) {
    const hadBye = new Set(matches.filter((m) => m.b === null).map((m) => m.a));
    const byeTeam = [...pool].reverse().find((t) => !hadBye.has(t)) ?? pool[pool.length - 1];
    if (byeTeam !== undefined) {
      pairs.push([byeTeam, null]);
      pool = pool.filter((t) => t !== byeTeam);
    }
  }
  const paired = pairWithoutRematch(pool, met) ?? pairInOrder(pool);
  return [...paired, ...pairs];
}

function key(a: number, b: number): string {
  return a < b ? `${String(a)}-${String(b)}` : `${String(b)}-${String(a)}`;
}

/** Top-down pairing with backtracking; null when no rematch-free pairing exists. */
function pairWithoutRematch(pool: readonly number[], met: Set<string>): [number, number][] | null {
  if (pool.length === 0) return [];
  const [first, ...rest] = pool;
  if (first === undefined) return [];
  for (let i = 0; i < rest.length; i++) {
    const other = rest[i];
    if (other === undefined || met.has(key(first, other))) continue;
    const tail = pairWithoutRematch([...rest.slice(0, i), ...rest.slice(i + 1)], met);
    if (tail) return [[first, other], ...tail];
  }
  return null;
}

function pairInOrder(pool: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < pool.length; i += 2) out.push([pool[i] ?? 0, pool[i + 1] ?? 0]);
  return out;
}

/** Rounds a Swiss stage plays when the tournament names none: enough to single out one unbeaten team. */
export function defaultSwissRounds(teams: number): number {
  return Math.max(1, Math.ceil(Math.log2(Math.max(2, teams))));
}

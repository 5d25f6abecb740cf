// Deterministic randomness for system choices. The same (seed, step) always gives the same numbers, so an
// auto-veto can be replayed from the stored seed. Mulberry32: tiny, fast, good enough for picking a map.

/** A generator of floats in [0, 1) for one system choice: `seed` is the match's, `salt` the step. */
export function seededRandom(seed: number, salt: number): () => number {
  let state = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of a non-empty list, drawn with `seededRandom(seed, salt)`. */
export function drawOne<T>(items: readonly T[], seed: number, salt: number): T {
  if (items.length === 0) throw new Error('Cannot draw from an empty list');
  const index = Math.floor(seededRandom(seed, salt)() * items.length);
  return items[index] as T;
}

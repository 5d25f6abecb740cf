// How far V8 lets the JavaScript heap grow past what a full garbage collection found alive. V8's own rule grows it
// by up to four times when the program allocates fast, and gives the pages back only after the process has been
// quiet for a while. The app allocates fast when many matches are live at once (each game server's log batch is
// read, attributed and turned into statistics), so a tournament night left the embedded start at 600-650 MB of
// RSS for a heap with ~100 MB in use, where the same process stands at ~400 MB before and after
// (docs/benchmarks.md, memory). A fixed factor of 1 + HEAP_GROWING_PERCENT/100 keeps the heap near what it holds;
// the price is more frequent (concurrent) major collections, which cost the veto benchmark's turns nothing it could
// measure (bench/results/2026-11-29-veto.md). Node accepts this V8 flag only from the program, not from
// NODE_OPTIONS, so the server sets it at start.
import v8 from 'node:v8';

/** Applies `HEAP_GROWING_PERCENT` (0: V8's own rule, nothing is set); returns the flag set, or null. */
export function applyHeapGrowing(percent: number): string | null {
  if (percent <= 0) return null;
  const flag = `--heap-growing-percent=${String(percent)}`;
  v8.setFlagsFromString(flag);
  return flag;
}

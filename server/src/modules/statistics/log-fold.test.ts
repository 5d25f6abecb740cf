// The incremental fold against a full re-parse, over generated logs (fast-check): random batch splits,
// warm-up maps, maps played again, restarts, a log cut mid-round followed by a new InitGame of the same map
// (a crash, then the map played again from round 1), and a crash followed by a restore (the new server's log
// continues the map at the next round). After every batch, the fold fed batch by batch answers what a fold of
// the whole log so far answers, and what the segment-by-segment reading the statistics used before answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLogLine, type LogEvent } from '../match-log/index.ts';
import { generateMatchLog } from './log-generator.ts';
import { MapFold, MatchLogFold, summarizeEvents, type LogMapStats } from './log-stats.ts';

/** The previous implementation (all events, cut into InitGame segments, then resolved), kept as the oracle. */
function reference(events: readonly LogEvent[]): LogMapStats[] {
  const segments: { mapName: string; events: LogEvent[] }[] = [];
  let current: (typeof segments)[number] | null = null;
  for (const event of events) {
    if (event.type === 'init') {
      if (event.mapName === null) continue;
      current = { mapName: event.mapName, events: [] };
      segments.push(current);
    } else if (current) {
      current.events.push(event);
    }
  }
  const kept: typeof segments = [];
  segments.forEach((segment, index) => {
    const previous = kept[kept.length - 1];
    if (previous && previous.mapName === segment.mapName) {
      const firstRound = segment.events.find((e) => e.type === 'round');
      const pending =
        !firstRound && index === segments.length - 1 && previous.events.some((e) => e.type === 'round');
      if ((firstRound && firstRound.round > 1) || pending) {
        previous.events.push(...segment.events);
        return;
      }
      kept.pop();
    }
    kept.push({ mapName: segment.mapName, events: [...segment.events] });
  });
  return kept
    .map((segment) => {
      const fold = new MapFold(segment.mapName);
      for (const event of segment.events) fold.apply(event);
      return fold.result();
    })
    .filter((map) => map.rounds.length > 0 || map.players.some((p) => p.kills + p.deaths + p.damage > 0));
}

const MAPS = ['mp_crash', 'mp_strike', 'mp_backlot'];
const team = (side: string, size: number) =>
  Array.from({ length: size }, (_, i) => ({ guid: `${side}${i}`, name: `${side}-${i}` }));

interface Twist {
  kind: 'none' | 'crash-replay' | 'crash-restore' | 'warmup-map' | 'restart' | 'noise';
  at: number;
}

/** A generated match log with one twist applied; positions are fractions of the log drawn by fast-check. */
function buildLog(input: {
  seed: number;
  size: number;
  maps: string[];
  roundsToWin: number;
  warmup: boolean;
  twists: Twist[];
}): string[] {
  const log = generateMatchLog({
    seed: input.seed,
    challenger: team('red', input.size),
    opponent: team('blue', input.size),
    maps: input.maps.map((nameCmd) => ({ nameCmd })),
    roundsToWin: input.roundsToWin,
    warmup: input.warmup,
  }).lines;
  let lines = [...log];
  for (const twist of input.twists) {
    const cut = Math.min(lines.length - 1, Math.floor(twist.at * lines.length));
    const initBefore = lines.slice(0, cut + 1).findLastIndex((l) => l.includes('InitGame:'));
    const init = lines[initBefore] ?? lines[0] ?? '';
    switch (twist.kind) {
      case 'crash-replay': {
        // The server dies at `cut` (mid-round) and the map is played again from its first InitGame.
        const mapName = /mapname\\([^\\]+)/.exec(init)?.[1] ?? '';
        const first = lines.findIndex((l) => l.includes(`mapname\\${mapName}`));
        const end = lines.findIndex((l, i) => i > first && l.includes('ShutdownGame:'));
        lines = [
          ...lines.slice(0, cut),
          ...lines.slice(first, end < 0 ? undefined : end + 1),
          ...lines.slice(cut),
        ];
        break;
      }
      case 'crash-restore': {
        // The server dies mid-round; the new one loads the map and goes on from the next round's reload.
        const nextInit = lines.findIndex((l, i) => i > cut && l.includes('InitGame:'));
        if (nextInit < 0) break;
        lines = [...lines.slice(0, cut), init, ...lines.slice(nextInit + 1)];
        break;
      }
      case 'warmup-map': {
        // A warm-up on a map the match does not play: a few kills, no round result.
        const other = generateMatchLog({
          seed: input.seed + 1,
          challenger: team('red', input.size),
          opponent: team('blue', input.size),
          maps: [{ nameCmd: 'mp_vacant' }],
          roundsToWin: 1,
        }).lines;
        const rw = other.findIndex((l) => l.includes(' RW;'));
        lines = [...lines.slice(0, cut), ...other.slice(0, rw < 0 ? 20 : rw), ...lines.slice(cut)];
        break;
      }
      case 'restart':
        // An admin's map_restart: the same InitGame again, then the map from round 1.
        lines = [...lines.slice(0, cut), init, ...lines.slice(cut)];
        break;
      case 'noise':
        lines = [
          ...lines.slice(0, cut),
          '  9:99 say;red0;0;red-0;gg',
          '  9:59 InitGame: \\g_gametype\\sd',
          'not a log line',
          ...lines.slice(cut),
        ];
        break;
      case 'none':
        break;
    }
  }
  return lines;
}

function parse(lines: readonly string[]): LogEvent[] {
  return lines.flatMap((line) => {
    const event = parseLogLine(line);
    return event ? [event] : [];
  });
}

const logArbitrary = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  size: fc.integer({ min: 1, max: 4 }),
  maps: fc.array(fc.constantFrom(...MAPS), { minLength: 1, maxLength: 3 }),
  roundsToWin: fc.integer({ min: 1, max: 5 }),
  warmup: fc.boolean(),
  twists: fc.array(
    fc.record({
      kind: fc.constantFrom<Twist['kind']>(
        'none',
        'crash-replay',
        'crash-restore',
        'warmup-map',
        'restart',
        'noise',
      ),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { maxLength: 3 },
  ),
});

describe('the incremental fold of a match log', () => {
  it('equals a full re-parse after every batch, however the log is split', () => {
    fc.assert(
      fc.property(
        logArbitrary,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
        (input, cuts) => {
          const events = parse(buildLog(input));
          const bounds = [...new Set(cuts.map((c) => Math.floor(c * events.length)))].sort((a, b) => a - b);
          const fold = new MatchLogFold();
          let from = 0;
          for (const to of [...bounds, events.length]) {
            fold.add(events.slice(from, to));
            from = to;
            const sofar = events.slice(0, to);
            const incremental = fold.snapshot();
            expect(incremental).toEqual(reference(sofar));
            expect(incremental).toEqual(summarizeEvents(sofar));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('equals a full re-parse one event at a time (every mid-round end of the log)', () => {
    fc.assert(
      fc.property(logArbitrary, (input) => {
        const events = parse(buildLog({ ...input, roundsToWin: Math.min(input.roundsToWin, 3) }));
        const fold = new MatchLogFold();
        events.forEach((event, i) => {
          fold.add([event]);
          if (event.type === 'init' || event.type === 'round' || i % 7 === 0) {
            expect(fold.snapshot()).toEqual(reference(events.slice(0, i + 1)));
          }
        });
        expect(fold.snapshot()).toEqual(reference(events));
      }),
      { numRuns: 40 },
    );
  });

  it('takes a crash then a restore of the same map as one map whose rounds are counted once', () => {
    const lines = buildLog({
      seed: 11,
      size: 5,
      maps: ['mp_crash'],
      roundsToWin: 6,
      warmup: true,
      twists: [{ kind: 'crash-restore', at: 0.5 }],
    });
    const [map, ...rest] = summarizeEvents(parse(lines));
    expect(rest).toEqual([]);
    const rounds = map?.rounds.map((r) => r.round) ?? [];
    expect(rounds).toEqual(rounds.map((_, i) => rounds[0]! + i)); // consecutive, none twice
    expect(new Set(rounds).size).toBe(rounds.length);
  });
});

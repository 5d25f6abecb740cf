import { describe, expect, it } from 'vitest';
import {
  parseLogLine,
  parseRestoreMarker,
  restoreMarkerLine,
  type LogEvent,
  type StoredLogEvent,
} from './match-log-parser.ts';
import { continueRestoredMaps, logPosition, promodScore } from './restore-point.ts';

const init = (map: string) => `  0:00 InitGame: \\g_gametype\\sd\\mapname\\${map}`;
const kill = (a: string, b: string) =>
  `  0:01 K;${b};1;axis;${b};${a};0;allies;${a};m16_mp;100;MOD_RIFLE_BULLET;torso_upper`;
const rw = (n: number, winner: string) => `  0:02 RW;${n};${winner};enemies_eliminated`;

function events(lines: string[]): StoredLogEvent[] {
  return lines.flatMap((l) => {
    const e = parseRestoreMarker(l) ?? parseLogLine(l);
    return e ? [e] : [];
  });
}

const kills = (list: LogEvent[]) => list.filter((e) => e.type === 'kill').length;

describe('continueRestoredMaps', () => {
  it('drops the round in progress at the marker and the new server’s warm-up; the map goes on', () => {
    const marker = restoreMarkerLine({ mapName: 'mp_crash', rounds: 2, attack: 1, defence: 1 });
    const log = events([
      init('mp_crash'),
      kill('a', 'b'),
      rw(1, 'allies'),
      init('mp_crash'),
      kill('b', 'a'),
      rw(2, 'axis'),
      init('mp_crash'),
      kill('a', 'b'), // round 3 in progress: dropped
      marker,
      init('mp_crash'), // the new server: warm-up
      kill('b', 'a'), // warm-up kill: dropped
      init('mp_crash'), // live
      kill('a', 'b'),
      rw(3, 'allies'),
      init('mp_crash'),
      kill('a', 'b'),
      rw(4, 'allies'),
    ]);
    const continued = continueRestoredMaps(log);
    expect(kills(continued)).toBe(4);
    expect(continued.filter((e) => e.type === 'round').map((e) => e.type === 'round' && e.round)).toEqual([
      1, 2, 3, 4,
    ]);
    // One map: no InitGame between the second round and the third (the marker itself is left out).
    const second = continued.findIndex((e) => e.type === 'round' && e.round === 2);
    const third = continued.findIndex((e) => e.type === 'round' && e.round === 3);
    expect(continued.slice(second, third).some((e) => e.type === 'init')).toBe(false);
    expect(logPosition(log)).toEqual({
      mapName: 'mp_crash',
      winners: ['allies', 'axis', 'allies', 'allies'],
    });
  });

  it('is the log unchanged without a marker, and a game server’s marker-like line is no marker', () => {
    const lines = [init('mp_crash'), kill('a', 'b'), rw(1, 'allies')];
    const forged = restoreMarkerLine({ mapName: 'mp_crash', rounds: 1, attack: 1, defence: 0 });
    expect(parseLogLine(forged)).toBeNull();
    expect(continueRestoredMaps(events(lines))).toEqual(events(lines));
    const plain: LogEvent[] = continueRestoredMaps(events(lines));
    expect(plain).toHaveLength(3);
  });

  it('at 0:0 the new server simply starts the map again', () => {
    const marker = restoreMarkerLine({ mapName: 'mp_crash', rounds: 0, attack: 0, defence: 0 });
    const continued = continueRestoredMaps(
      events([init('mp_crash'), kill('a', 'b'), marker, init('mp_crash'), kill('a', 'b'), rw(1, 'axis')]),
    );
    expect(kills(continued)).toBe(1);
    expect(continued.filter((e) => e.type === 'init')).toHaveLength(1);
  });
});

describe('promodScore', () => {
  it('counts the attacking side’s rounds first, across the half-time switch (mr12)', () => {
    // 7 rounds: allies (side 1) won 5, axis 2; next round in the first half: side 1 attacks 5:2.
    const first = [...Array<'allies'>(5).fill('allies'), 'axis', 'axis'] as const;
    expect(promodScore(first, 13)).toMatchObject({ attack: 5, defence: 2 });
    // 12 rounds (side 1 won 7) then 2 more won by the allies (now side 2): side 2 attacks with 5 + 2.
    const twelve = [...Array<'allies'>(7).fill('allies'), ...Array<'axis'>(5).fill('axis')];
    expect(promodScore([...twelve, 'allies', 'allies'], 13)).toMatchObject({
      attack: 7,
      defence: 7,
      allied: 7,
      axis: 7,
    });
    expect(promodScore([...twelve, 'axis'], 13)).toMatchObject({ attack: 5, defence: 8 });
  });
});

import { describe, expect, it } from 'vitest';
import { initGameMatch, parseLogLine } from './match-log-parser.ts';

describe('parseLogLine', () => {
  it('reads a kill with both actors', () => {
    expect(
      parseLogLine('  0:11 K;ccc;2;axis;Charlie;aaa;0;allies;Alpha;m16_mp;70;MOD_HEAD_SHOT;head'),
    ).toEqual({
      type: 'kill',
      time: 11,
      victim: { guid: 'ccc', num: 2, team: 'axis', name: 'Charlie' },
      attacker: { guid: 'aaa', num: 0, team: 'allies', name: 'Alpha' },
      weapon: 'm16_mp',
      damage: 70,
      meansOfDeath: 'MOD_HEAD_SHOT',
      hitLocation: 'head',
    });
  });

  it('keeps semicolons inside names', () => {
    const event = parseLogLine('123:04 K;ccc;2;axis;a;b;aaa;0;allies;x;y;z;m16_mp;70;MOD_HEAD_SHOT;head');
    expect(event).toMatchObject({ time: 7384, victim: { name: 'a;b' }, attacker: { name: 'x;y;z', num: 0 } });
    expect(parseLogLine('  0:01 J;aaa;0;semi;colon')).toMatchObject({ type: 'join', name: 'semi;colon' });
  });

  it('treats a world attacker as none', () => {
    expect(parseLogLine('  0:33 K;aaa;0;allies;Alpha;;-1;world;;none;100000;MOD_FALLING;none')).toMatchObject(
      {
        attacker: null,
      },
    );
  });

  it('reads map boundaries and ignores lines it does not use', () => {
    expect(parseLogLine('  0:00 InitGame: \\g_gametype\\sd\\mapname\\MP_Crash')).toEqual({
      type: 'init',
      time: 0,
      mapName: 'mp_crash',
      gameType: 'sd',
    });
    expect(parseLogLine('  1:00 ShutdownGame:')).toEqual({ type: 'shutdown', time: 60 });
    expect(parseLogLine('  1:00 say;aaa;0;Alpha;gg')).toBeNull();
    expect(parseLogLine('garbage')).toBeNull();
    expect(parseLogLine('  1:00 K;too;few')).toBeNull();
    expect(parseLogLine('  1:00 RW;0;allies;x')).toBeNull();
  });
});

describe('InitGame and the match it names', () => {
  it('reads the _versus_match dvar the platform sets, and nothing when it is absent or not a number', () => {
    const line = '  0:00 InitGame: \\g_gametype\\sd\\mapname\\mp_crash\\_versus_match\\42\\sv_hostname\\x';
    expect(parseLogLine(line)).toMatchObject({ type: 'init', mapName: 'mp_crash', versusMatch: 42 });
    expect(initGameMatch(parseLogLine(line))).toBe(42);
    expect(initGameMatch(parseLogLine('  0:00 InitGame: \\mapname\\mp_crash'))).toBe(0);
    expect(initGameMatch(parseLogLine('  0:00 InitGame: \\_versus_match\\4x2'))).toBe(0);
    expect(initGameMatch(parseLogLine('  0:01 J;aaa;0;Alpha'))).toBeNull();
  });

  it('still switches the match on an InitGame naming no map, which gives the statistics no map', () => {
    expect(parseLogLine('  0:00 InitGame: \\_versus_match\\7')).toEqual({
      type: 'init',
      time: 0,
      mapName: null,
      gameType: null,
      versusMatch: 7,
    });
  });
});

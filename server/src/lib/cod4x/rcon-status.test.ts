import { describe, expect, it } from 'vitest';
import { formatStatus, parseStatus } from './rcon-status.ts';

// Shaped exactly as CoD4x 1.8 prints it (SV_Status_f): note the name with spaces and colour codes, a client
// still connecting (CNCT) and the padding.
const REAL = [
  'hostname: ^1Versus ^7match #12',
  'version : CoD4 X - linux-i386 1.8 build 1001',
  'udp/ip  : 10.0.0.5:28960',
  'os      : Linux',
  'type    : dedicated server',
  'map     : mp_crash',
  '',
  'num score ping playerid            steamid           name                             lastmsg address                                              qport rate',
  '--- ----- ---- ------------------- ----------------- -------------------------------- ------- ---------------------------------------------------- ----- -----',
  '  0    12   48 [U:1:12345678]      [U:1:12345678]    ^2Big Boss^7                               0 203.0.113.7:28960                                    23456 25000',
  '  3     0 CNCT 2310346615000000001 [I:0:0]           newbie^7                                 150 198.51.100.2:40000                                    1234  5000',
  '',
].join('\n');

describe('status parser', () => {
  it('reads the header and every client row of a real CoD4x answer', () => {
    const status = parseStatus(REAL);
    expect(status.hostname).toBe('^1Versus ^7match #12');
    expect(status.map).toBe('mp_crash');
    expect(status.clients).toEqual([
      {
        num: 0,
        score: 12,
        ping: 48,
        playerId: '[U:1:12345678]',
        steamId: '[U:1:12345678]',
        name: '^2Big Boss',
        lastMsg: 0,
        address: '203.0.113.7:28960',
        qport: 23456,
        rate: 25000,
      },
      {
        num: 3,
        score: 0,
        ping: null,
        playerId: '2310346615000000001',
        steamId: '[I:0:0]',
        name: 'newbie',
        lastMsg: 150,
        address: '198.51.100.2:40000',
        qport: 1234,
        rate: 5000,
      },
    ]);
  });

  it('reads legacy mode, where one guid column stands for both ids', () => {
    const legacy = [
      'map: mp_strike',
      'num score ping guid                             name            lastmsg address                                              qport rate',
      '--- ----- ---- -------------------------------- --------------- ------- ---------------------------------------------------- ----- -----',
      '  1     5   33 0123456789abcdef0123456789abcdef Sniper^7               0 192.0.2.9:28960                                       777 25000',
    ].join('\n');
    const status = parseStatus(legacy);
    expect(status.clients).toHaveLength(1);
    expect(status.clients[0]).toMatchObject({
      num: 1,
      playerId: '0123456789abcdef0123456789abcdef',
      steamId: null,
      name: 'Sniper',
    });
  });

  it('an empty server has no rows; garbage rows are skipped', () => {
    const empty = REAL.split('\n').slice(0, 9).join('\n') + '\nnot a row\n';
    expect(parseStatus(empty).clients).toEqual([]);
  });

  it('reads back what formatStatus prints (the emulator’s answer)', () => {
    const clients = [
      {
        num: 0,
        score: 3,
        ping: 20,
        playerId: '[U:1:1]',
        name: 'a b c',
        lastMsg: 0,
        address: '127.0.0.1:1',
        qport: 1,
        rate: 25000,
      },
      {
        num: 9,
        score: -1,
        ping: null,
        playerId: '[U:1:99]',
        name: '^1x',
        lastMsg: 50,
        address: '127.0.0.1:2',
        qport: 2,
        rate: 25000,
      },
    ];
    const text = formatStatus({ hostname: 'h', map: 'mp_crash', address: '127.0.0.1:28960', clients });
    expect(parseStatus(text).clients).toEqual(clients.map((c) => ({ ...c, steamId: '[I:0:0]' })));
  });
});

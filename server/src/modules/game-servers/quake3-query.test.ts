import { afterEach, describe, expect, it } from 'vitest';
import { decodeStatusResponse, encodeStatusResponse, queryStatus } from './quake3-query.ts';
import { SimulatedGameServerProvider } from './simulated.provider.ts';
import { connectionString } from './game-server.provider.ts';

const request = {
  matchId: 7,
  locationId: 1,
  maps: ['mp_strike', 'mp_crash'],
  maxPlayers: 10,
  playerNames: ['alpha', 'bravo'],
};

describe('Quake 3 status datagrams', () => {
  it('round-trips variables and players', () => {
    const status = {
      vars: { sv_hostname: 'x', mapname: 'mp_bog' },
      players: [{ score: 5, ping: 40, name: 'a b' }],
    };
    expect(decodeStatusResponse(encodeStatusResponse(status))).toEqual(status);
  });

  it('rejects datagrams that are not status responses', () => {
    expect(decodeStatusResponse(Buffer.from('hello'))).toBeNull();
    expect(decodeStatusResponse(Buffer.from('\xff\xff\xff\xffprint\nhi', 'latin1'))).toBeNull();
  });
});

describe('simulated game server over real UDP', () => {
  let provider: SimulatedGameServerProvider;
  afterEach(async () => {
    await provider.close();
  });

  it('stays silent while starting, then answers getstatus', async () => {
    let clock = 1_000;
    provider = new SimulatedGameServerProvider({ startupMs: 5_000, now: () => clock });
    const server = await provider.provision(request);
    expect(connectionString(server)).toBe(`connect 127.0.0.1:${server.port}; password ${server.password}`);

    expect(await queryStatus(server.host, server.port, 300)).toBeNull();
    clock += 5_000;
    const status = await queryStatus(server.host, server.port, 1_000);
    expect(status?.vars).toMatchObject({ mapname: 'mp_strike', sv_maxclients: '10', g_gametype: 'sd' });
    expect(status?.players.map((p) => p.name)).toEqual(['alpha', 'bravo']);
  });

  it('reports nothing once destroyed', async () => {
    provider = new SimulatedGameServerProvider({ startupMs: 0 });
    const server = await provider.provision(request);
    expect(await queryStatus(server.host, server.port, 1_000)).not.toBeNull();
    await provider.destroy(server);
    expect(await queryStatus(server.host, server.port, 300)).toBeNull();
  });
});

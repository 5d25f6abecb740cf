import type { RealtimeClientConfig } from '@versus/common/realtime';
import { describe, expect, it } from 'vitest';
import { connectionOptions } from './echo-config';
import { trackSocketId, type ConnectionLike } from './echo';
import { getSocketId, setFirstConnectionPending, socketIdSoon } from './socket-id';

const embedded: RealtimeClientConfig = {
  key: 'versus-key',
  cluster: 'mt1',
  wsHost: null,
  wsPort: null,
  wssPort: null,
  forceTLS: null,
  authEndpoint: '/broadcasting/auth',
  userAuthEndpoint: '/broadcasting/user-auth',
};

describe('connectionOptions', () => {
  it("defaults host, port and TLS to the page's origin", () => {
    expect(connectionOptions(embedded, { protocol: 'http:', hostname: 'localhost', port: '5173' })).toEqual({
      cluster: 'mt1',
      wsHost: 'localhost',
      wsPort: 5173,
      wssPort: 5173,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
    });
    expect(
      connectionOptions(embedded, { protocol: 'https:', hostname: 'versus.gg', port: '' }),
    ).toMatchObject({ wsHost: 'versus.gg', wsPort: 443, wssPort: 443, forceTLS: true });
  });

  it('uses the host and port the server names', () => {
    const external = { ...embedded, wsHost: 'ws.example', wsPort: 6001, wssPort: 6001, forceTLS: false };
    expect(
      connectionOptions(external, { protocol: 'https:', hostname: 'versus.gg', port: '' }),
    ).toMatchObject({ wsHost: 'ws.example', wsPort: 6001, wssPort: 6001, forceTLS: false });
  });
});

describe('trackSocketId', () => {
  it('sets the socket id on every connect and clears it while disconnected', () => {
    let onChange: ((s: { previous: string; current: string }) => void) | undefined;
    const connection: ConnectionLike = {
      socket_id: '1.1',
      bind: (_event, callback) => (onChange = callback),
    };
    trackSocketId(connection);

    onChange?.({ previous: 'connecting', current: 'connected' });
    expect(getSocketId()).toBe('1.1');
    onChange?.({ previous: 'connected', current: 'unavailable' });
    expect(getSocketId()).toBeNull();
    connection.socket_id = '2.2';
    onChange?.({ previous: 'unavailable', current: 'connected' });
    expect(getSocketId()).toBe('2.2');
  });

  it('stops changes waiting for the first connection once it is unavailable', async () => {
    let onChange: ((s: { previous: string; current: string }) => void) | undefined;
    trackSocketId({ bind: (_event, callback) => (onChange = callback) });
    setFirstConnectionPending(true);
    const waiting = socketIdSoon(60_000);
    onChange?.({ previous: 'connecting', current: 'unavailable' });
    expect(await waiting).toBeNull();
  });
});

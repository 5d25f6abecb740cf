import axios, { getAdapter } from 'axios';
import { withEarlyRequests } from './early-requests';
import { getSocketId, socketIdSoon } from './socket-id';

/**
 * The one HTTP client for the Versus API: same origin, session cookie included. The XSRF settings are
 * explicit so every request echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN, whatever axios defaults to.
 */
export const apiClient = axios.create({
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  headers: { Accept: 'application/json' },
});

// The match room's first GETs may already be under way (started by index.html): answer from them.
apiClient.defaults.adapter = withEarlyRequests(getAdapter(apiClient.defaults.adapter));

/** How long a change waits for the tab's first realtime connection, so its X-Socket-ID names this tab. */
export const FIRST_SOCKET_WAIT_MS = 2000;

// Every request carries the socket id once one is known. A change (any method but GET) sent while the tab's
// first connection is being made waits for it briefly: its own broadcast must leave this tab out. Reads
// never wait: the server uses the header only for the broadcasts a request causes, and a read causes none.
apiClient.interceptors.request.use(async (config) => {
  const read = (config.method ?? 'get').toLowerCase() === 'get';
  const socketId = read ? getSocketId() : await socketIdSoon(FIRST_SOCKET_WAIT_MS);
  if (socketId !== null) config.headers.set('X-Socket-ID', socketId);
  return config;
});

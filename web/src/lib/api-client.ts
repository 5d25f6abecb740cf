import axios, { getAdapter } from 'axios';
import { withEarlyRequests } from './early-requests';
import { getSocketId } from './socket-id';

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

apiClient.interceptors.request.use((config) => {
  const socketId = getSocketId();
  if (socketId !== null) config.headers.set('X-Socket-ID', socketId);
  return config;
});

import axios from 'axios';
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

apiClient.interceptors.request.use((config) => {
  const socketId = getSocketId();
  if (socketId !== null) config.headers.set('X-Socket-ID', socketId);
  return config;
});

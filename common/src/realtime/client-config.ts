/**
 * What `GET /api/v1/realtime/config` answers (inside `{data}`), so the web app learns the key and host
 * at run time, never from a rebuild. Null host/port/forceTLS mean "the page's own origin".
 */
export interface RealtimeClientConfig {
  key: string;
  /** pusher-js requires a cluster even when wsHost is set; it is unused then. */
  cluster: string;
  wsHost: string | null;
  wsPort: number | null;
  wssPort: number | null;
  forceTLS: boolean | null;
  authEndpoint: string;
  userAuthEndpoint: string;
}

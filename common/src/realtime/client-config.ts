/**
 * What `GET /api/v1/realtime/config` answers (inside `{data}`): its schema lives in
 * `@versus/common/api/realtime`.
 */
export type { RealtimeClientConfig } from '../api/realtime.ts';

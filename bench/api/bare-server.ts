// Child process of bench/api/run.ts: a bare Node `http` server answering every GET with the match JSON (or
// the match detail JSON under /api/v1/match-detail/)
// and every other request with the veto turn's JSON, the baseline the app is compared with. Gets the
// bodies on the IPC channel, answers `{port}`.
import { serveBareJson } from '../lib/bare-json-server.ts';

export interface BareServerBodies {
  get: string;
  post: string;
  /** Answered to GETs under /api/v1/match-detail/ (the detail page's data). */
  detail: string;
  /** Bodies by exact request path (the query included), before the rules above. */
  byPath?: Record<string, string>;
}

serveBareJson<BareServerBodies>((bodies, req) => ({
  status: 200,
  body:
    bodies.byPath?.[req.url ?? ''] ??
    (req.method !== 'GET'
      ? bodies.post
      : req.url?.startsWith('/api/v1/match-detail/')
        ? bodies.detail
        : bodies.get),
}));

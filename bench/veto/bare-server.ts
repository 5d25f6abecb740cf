// Child process of bench/veto/run.ts: the baseline, a bare Node `http` server answering every veto turn
// (`POST /api/v1/match/{id}/map/{mapId}`) with a veto answer the app gave, its match id set to the one in the
// path (the benchmark's wrk script follows each match by that id), and anything else with `{}`. Gets the
// answer's text around the id on the IPC channel, answers `{port}`.
import { serveBareJson } from '../lib/bare-json-server.ts';

export interface BareVetoBodies {
  /** The app's answer before and after the match id. */
  before: string;
  after: string;
}

const TURN = /^\/api\/v1\/match\/(\d+)\/map\/\d+$/;

serveBareJson<BareVetoBodies>((bodies, req) => {
  const id = TURN.exec(req.url ?? '')?.[1];
  return { status: 200, body: id ? bodies.before + id + bodies.after : '{}' };
});

// Child process of bench/large-world/run.ts: a bare Node `http` server answering each GET path (without
// its query string's `page`, which is part of the key) with the JSON the app gave for it, the baseline
// the app is compared with. Gets `{bodies: {path: json}}` on the IPC channel, answers `{port}`.
import { serveBareJson } from '../lib/bare-json-server.ts';

export interface LargeWorldBareBodies {
  bodies: Record<string, string>;
}

serveBareJson<LargeWorldBareBodies>(({ bodies }, req) => {
  const body = bodies[req.url ?? ''];
  return body === undefined ? { status: 404, body: '{"message":"Not found."}' } : { status: 200, body };
});

// Child process of bench/memory/run.ts: the baseline, a bare Node `http` server answering every path of the
// request mix with the status and JSON the app gave it (bench/lib/bare-json-server.ts). Also answers
// `{memory}` on the IPC channel with its `process.memoryUsage()`, as the app's child does.
import type { BareAnswer } from '../lib/bare-json-server.ts';
import { serveBareJson } from '../lib/bare-json-server.ts';
import type { MemoryAnswer } from './app-server.ts';

serveBareJson<Record<string, BareAnswer>>(
  (bodies, req) => bodies[req.url ?? ''] ?? { status: 404, body: '{"message":"Not found"}' },
);
process.on('message', (message: { memory?: true }) => {
  if (message.memory !== true) return;
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const answer: MemoryAnswer = { rss, heapUsed, heapTotal, external, arrayBuffers };
  process.send?.(answer);
});

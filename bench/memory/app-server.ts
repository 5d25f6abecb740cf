// Child process of bench/memory/run.ts: the app started as `npm start` starts it (scripts/start.mjs: the web
// build when stale, then server/src/server.ts, which migrates, seeds the demo world and listens), with
// `npm start`'s defaults (development mode, PGlite in DATA_DIR, the embedded game servers, request logging at
// `info` on stdout). The parent passes `{env}` (DATA_DIR, a fresh folder, and PORT) on the IPC channel; this
// process then answers `{memory}` with its `process.memoryUsage()` (after a full garbage collection with
// `collect`) and `{snapshot: file}` by writing a heap
// snapshot there (BENCH_HEAP_SNAPSHOTS in run.ts), `{heapProfile: 'start'}` / `{heapProfile: 'stop', file}` by
// sampling what the heap allocates meanwhile, collected garbage included, and writing it there
// (BENCH_HEAP_PROFILE), and stops when the parent disconnects.
import { Session } from 'node:inspector/promises';
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ensureWebBuild } from '../../scripts/ensure-web-build.mjs';

export type MemoryRequest =
  | { env: Record<string, string> }
  | { memory: true; collect?: boolean }
  | { snapshot: string }
  | { heapProfile: 'start' }
  | { heapProfile: 'stop'; file: string };

// Opened by the first `{heapProfile: 'start'}`.
let inspector: Session | null = null;

/** Samples every 32 KB allocated, what a GC collected since included: where a burst's allocations come from. */
async function heapProfile(message: { heapProfile: 'start' } | { heapProfile: 'stop'; file: string }) {
  if (!inspector) {
    inspector = new Session();
    inspector.connect();
  }
  if (message.heapProfile === 'start') {
    await inspector.post('HeapProfiler.startSampling', {
      samplingInterval: 32_768,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return { heapProfile: 'started' };
  }
  const { profile } = await inspector.post('HeapProfiler.stopSampling');
  fs.writeFileSync(message.file, JSON.stringify(profile));
  return { heapProfile: message.file };
}

// A full garbage collection on request (`{memory, collect}`), so a figure can leave out what is garbage.
v8.setFlagsFromString('--expose-gc');
// BENCH_V8_FLAGS: V8 flags to try on the app (those NODE_OPTIONS refuses, such as --heap-growing-percent).
for (const flag of (process.env.BENCH_V8_FLAGS ?? '').split(' ').filter(Boolean)) v8.setFlagsFromString(flag);
const collectGarbage = vm.runInNewContext('gc') as () => void;

export interface MemoryAnswer {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

process.on('message', (message: MemoryRequest) => {
  if ('env' in message) {
    Object.assign(process.env, message.env);
    void ensureWebBuild()
      .then(() => import('../../server/src/server.ts'))
      .then(() => process.send?.({ started: true }));
  } else if ('memory' in message) {
    if (message.collect) collectGarbage();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const answer: MemoryAnswer = { rss, heapUsed, heapTotal, external, arrayBuffers };
    process.send?.(answer);
  } else if ('heapProfile' in message) {
    void heapProfile(message).then((answer) => process.send?.(answer));
  } else {
    process.send?.({ snapshot: v8.writeHeapSnapshot(message.snapshot) });
  }
});
// The server stops on SIGTERM (its graceful shutdown); a parent gone without one stops it too.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

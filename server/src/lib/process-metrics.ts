// Metrics counted where the work happens (rcon commands, finished uploads), whichever app instance in the
// process did it: one registry per process, merged into each app's `/metrics` answer
// (server/src/metrics/). Node's own process metrics (collectDefaultMetrics) live here too, since
// prom-client registers them once per registry.
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

const rconSeconds = new Histogram({
  name: 'versus_rcon_duration_seconds',
  help: 'Time an rcon command to a game server took, answered or not.',
  labelNames: ['server'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [processRegistry],
});

const rconFailures = new Counter({
  name: 'versus_rcon_failures_total',
  help: 'rcon commands to a game server that failed (no answer, bad password, rcon disabled).',
  labelNames: ['server'] as const,
  registers: [processRegistry],
});

const uploads = new Counter({
  name: 'versus_media_uploads_total',
  help: 'Finished demo and server screenshot uploads of the log agents, stored or refused.',
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
});

const uploadBytes = new Counter({
  name: 'versus_media_upload_bytes_total',
  help: 'Bytes of stored demo and server screenshot uploads.',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

/** Times one rcon command to `server` (`host:port`) and counts it as failed when it rejects. */
export async function observeRcon<T>(server: string, command: () => Promise<T>): Promise<T> {
  const end = rconSeconds.startTimer({ server });
  try {
    return await command();
  } catch (error) {
    rconFailures.inc({ server });
    throw error;
  } finally {
    end();
  }
}

/** Counts one finished upload (`stored`, or `refused`: wrong checksum, not a demo, not asked for). */
export function countUpload(kind: 'demo' | 'screenshot', outcome: 'stored' | 'refused', bytes = 0): void {
  uploads.inc({ kind, outcome });
  if (outcome === 'stored') uploadBytes.inc({ kind }, bytes);
}

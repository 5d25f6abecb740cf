// The server's log as `npm start` writes it: pino's JSON lines at LOG_LEVEL on stdout, written
// asynchronously (sonic-boom, `sync: false`): a request never waits for its log line to reach the terminal,
// pipe or file; lines written while one write is in flight go out together with the next. `flush` writes
// what is still buffered, before the process exits. What waits is bounded (LOG_BUFFER_MAX_BYTES): when the
// destination stops taking lines (a pipe nobody reads, a stalled terminal), lines beyond it are dropped rather
// than kept in memory, and the first line written afterwards says how many were lost.
import pino from 'pino';

export interface ServerLog {
  /** Fastify's `logger` option. */
  options: { level: string; stream: pino.DestinationStream };
  /** Writes out what is buffered (call before `process.exit`). */
  flush: () => void;
}

/** At most this many bytes of log lines wait for the destination; later ones are dropped and counted. */
export const LOG_BUFFER_MAX_BYTES = 8 * 1024 * 1024;

export function serverLog(
  level = process.env.LOG_LEVEL ?? 'info',
  fd = 1,
  maxBufferedBytes = LOG_BUFFER_MAX_BYTES,
): ServerLog {
  const stream = pino.destination({ dest: fd, sync: false, maxLength: maxBufferedBytes });
  let dropped = 0;
  let reporting = false;
  let noteLost = false;
  stream.on('drop', () => {
    if (reporting) noteLost = true;
    else dropped += 1;
  });
  // Once a write went out, the next line says what was lost (kept for later when it has no room either).
  stream.on('write', () => {
    if (dropped === 0) return;
    const count = dropped;
    dropped = 0;
    noteLost = false;
    reporting = true;
    stream.write(
      `${JSON.stringify({
        level: 40,
        time: Date.now(),
        msg: `${String(count)} log lines dropped: the log's destination did not keep up (at most ${String(maxBufferedBytes)} bytes wait)`,
      })}\n`,
    );
    reporting = false;
    if (noteLost) dropped = count;
  });
  return {
    options: { level, stream },
    flush: () => {
      try {
        stream.flushSync();
      } catch {
        // Nothing was written yet (the stream is not open): nothing to flush.
      }
    },
  };
}

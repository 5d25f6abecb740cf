// The server's log as `npm start` writes it: pino's JSON lines at LOG_LEVEL on stdout, written
// asynchronously (sonic-boom, `sync: false`): a request never waits for its log line to reach the terminal,
// pipe or file; lines written while one write is in flight go out together with the next. `flush` writes
// what is still buffered, before the process exits.
import pino from 'pino';

export interface ServerLog {
  /** Fastify's `logger` option. */
  options: { level: string; stream: pino.DestinationStream };
  /** Writes out what is buffered (call before `process.exit`). */
  flush: () => void;
}

export function serverLog(level = process.env.LOG_LEVEL ?? 'info', fd = 1): ServerLog {
  const stream = pino.destination({ dest: fd, sync: false });
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

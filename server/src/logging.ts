// The server's log as `npm start` writes it: pino's lines at LOG_LEVEL on stdout, JSON for machines
// (production) or one readable line each for people (a development start; pino-pretty), chosen by LOG_FORMAT.
// Written asynchronously (sonic-boom, `sync: false`): a request never waits for its log line to reach the
// terminal, pipe or file; lines written while one write is in flight go out together with the next. `flush`
// writes what is still buffered, before the process exits. What waits is bounded (LOG_BUFFER_MAX_BYTES): when
// the destination stops taking lines (a pipe nobody reads, a stalled terminal), lines beyond it are dropped
// rather than kept in memory, and the first line written afterwards says how many were lost.
//
// The readable lines are formatted in this process by pino-pretty's `prettyFactory`, a plain function from a
// JSON line to a text line, and then written to the same bounded destination. pino-pretty's transport would
// format in a worker thread instead, behind a stream with its own buffer in front of that bound; a
// development log is small enough to format here.
import tty from 'node:tty';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';

export interface ServerLog {
  /** Fastify's `logger` option. */
  options: { level: string; stream: pino.DestinationStream };
  /** Writes out what is buffered (call before `process.exit`). */
  flush: () => void;
}

/** At most this many bytes of log lines wait for the destination; later ones are dropped and counted. */
export const LOG_BUFFER_MAX_BYTES = 8 * 1024 * 1024;

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT (`json` or `pretty`); unset: JSON in production, readable lines otherwise. */
export function logFormatFrom(env: NodeJS.ProcessEnv = process.env): LogFormat {
  const value = env.LOG_FORMAT?.trim();
  if (!value) return env.NODE_ENV === 'production' ? 'json' : 'pretty';
  if (value === 'json' || value === 'pretty') return value;
  throw new Error(`LOG_FORMAT must be json or pretty, not "${value}".`);
}

/** One JSON line to one readable line: time, level, `[request id]` when the line belongs to a request. */
function prettyLines(colorize: boolean): (line: string) => string {
  const prettify = prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId',
    messageFormat: '{if reqId}[{reqId}] {end}{msg}',
  });
  return (line) => prettify(line);
}

export function serverLog(
  level = process.env.LOG_LEVEL ?? 'info',
  fd = 1,
  maxBufferedBytes = LOG_BUFFER_MAX_BYTES,
  format: LogFormat = logFormatFrom(),
): ServerLog {
  const destination = pino.destination({ dest: fd, sync: false, maxLength: maxBufferedBytes });
  const shape = format === 'pretty' ? prettyLines(tty.isatty(fd)) : (line: string) => line;
  let dropped = 0;
  let reporting = false;
  let noteLost = false;
  destination.on('drop', () => {
    if (reporting) noteLost = true;
    else dropped += 1;
  });
  // Once a write went out, the next line says what was lost (kept for later when it has no room either).
  destination.on('write', () => {
    if (dropped === 0) return;
    const count = dropped;
    dropped = 0;
    noteLost = false;
    reporting = true;
    destination.write(
      shape(
        `${JSON.stringify({
          level: 40,
          time: Date.now(),
          msg: `${String(count)} log lines dropped: the log's destination did not keep up (at most ${String(maxBufferedBytes)} bytes wait)`,
        })}\n`,
      ),
    );
    reporting = false;
    if (noteLost) dropped = count;
  });
  const stream: pino.DestinationStream =
    format === 'pretty' ? { write: (line: string) => destination.write(shape(line)) } : destination;
  return {
    options: { level, stream },
    flush: () => {
      try {
        destination.flushSync();
      } catch {
        // Nothing was written yet (the stream is not open): nothing to flush.
      }
    },
  };
}

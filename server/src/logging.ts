// The server's log as `npm start` writes it: pino's lines at LOG_LEVEL on stdout, JSON for machines
// (production) or one readable line each for people (a development start; pino-pretty), chosen by LOG_FORMAT.
// Written asynchronously (sonic-boom, `sync: false`): a request never waits for its log line to reach the
// terminal, pipe or file. Lines are written in batches: once LOG_WRITE_MIN_BYTES wait, or LOG_FLUSH_INTERVAL_MS
// after a line came (one write syscall for dozens of request lines under load instead of one or a few per
// line); lines written while one write is in flight go out together with the next. Before that, the lines of
// one turn of the event loop are handed to the destination as one text (LOG_HANDOVER_BYTES at most). `flush` writes what is
// still buffered, before the process exits (pino does so too when the process exits on its own or crashes). What waits is bounded (LOG_BUFFER_MAX_BYTES): when
// the destination stops taking lines (a pipe nobody reads, a stalled terminal), lines beyond it are dropped
// rather than kept in memory, and the first line written afterwards says how many were lost.
//
// The readable lines are formatted in this process by pino-pretty's `prettyFactory`, a plain function from a
// JSON line to a text line, and then written to the same bounded destination. pino-pretty's transport would
// format in a worker thread instead, behind a stream with its own buffer in front of that bound; a
// development log is small enough to format here.
import os from 'node:os';
import tty from 'node:tty';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';

/** One answered request, as the request log (app.ts) writes it. */
export interface RequestLine {
  /** Epoch ms when the line was written. */
  time: number;
  reqId: string;
  statusCode: number;
  /** Milliseconds, one decimal. */
  responseTime: number;
  method: string;
  url: string;
}

/**
 * Writes one request line (`request completed`, at info) straight from its fields, the same text pino (JSON) or
 * pino-pretty (readable) would have written: no entry object, no child logger, no JSON of a whole object per
 * request. Kept on the stream under this symbol; `serverLog` streams have one.
 */
export const WRITE_REQUEST_LINE = Symbol('writeRequestLine');

export type LogStream = pino.DestinationStream & {
  [WRITE_REQUEST_LINE]?: (line: RequestLine) => void;
};

/** The stream's direct request-line writer, when `logger` (Fastify's option) has a stream with one. */
export function requestLineWriterOf(logger: unknown): ((line: RequestLine) => void) | null {
  if (logger === null || typeof logger !== 'object' || !('stream' in logger)) return null;
  const stream = logger.stream as LogStream | undefined;
  return stream?.[WRITE_REQUEST_LINE] ?? null;
}

/** The fields of a request line after its message, as JSON (`{"res":{"statusCode":200},...}` without braces). */
function requestFields(line: RequestLine): string {
  return (
    `"res":{"statusCode":${String(line.statusCode)}},"responseTime":${String(line.responseTime)},` +
    `"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)}`
  );
}

/** A request line as pino writes it (its default `pid` and `hostname` base, then the request id). */
export function jsonRequestLine(line: RequestLine, base: string): string {
  return (
    `{"level":30,"time":${String(line.time)},${base}"reqId":${JSON.stringify(line.reqId)},` +
    `${requestFields(line)},"msg":"request completed"}\n`
  );
}

/** A request line as `quickPrettyLine` (pino-pretty) prints it. */
export function prettyRequestLine(line: RequestLine, colorize: boolean): string {
  const { time } = line;
  const clock = `${secondOf(time)}${three(((time % 1000) + 1000) % 1000)}]`;
  const fields = `{${requestFields(line)}}`;
  if (!colorize) return `${clock} INFO: [${line.reqId}] request completed ${fields}\n`;
  return (
    `${clock} \u001b[32mINFO${RESET}: \u001b[36m[${line.reqId}] request completed${RESET}` +
    ` \u001b[90m${fields}${RESET}\n`
  );
}

export interface ServerLog {
  /** Fastify's `logger` option. */
  options: { level: string; stream: LogStream };
  /** Writes out what is buffered (call before `process.exit`). */
  flush: () => void;
}

/** At most this many bytes of log lines wait for the destination; later ones are dropped and counted. */
export const LOG_BUFFER_MAX_BYTES = 8 * 1024 * 1024;

/** The lines of one event-loop turn go to the destination together, or at once when this many bytes wait. */
export const LOG_HANDOVER_BYTES = 16 * 1024;

/** Newlines in `text`: how many lines a dropped batch held. */
function linesIn(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}

/** What each log still holds in this turn, written when the process exits (one listener for every log). */
const exitFlushes = new Set<() => void>();
process.on('exit', () => {
  for (const flush of exitFlushes) flush();
});

/** Lines are written once this many bytes wait (one write for a few dozen request lines under load)... */
export const LOG_WRITE_MIN_BYTES = 4096;
/** ...or when this many milliseconds passed since a line came, whichever is first. */
export const LOG_FLUSH_INTERVAL_MS = 100;

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT (`json` or `pretty`); unset: JSON in production, readable lines otherwise. */
export function logFormatFrom(env: NodeJS.ProcessEnv = process.env): LogFormat {
  const value = env.LOG_FORMAT?.trim();
  if (!value) return env.NODE_ENV === 'production' ? 'json' : 'pretty';
  if (value === 'json' || value === 'pretty') return value;
  throw new Error(`LOG_FORMAT must be json or pretty, not "${value}".`);
}

const LEVEL_LABELS = new Map([
  [10, 'TRACE'],
  [20, 'DEBUG'],
  [30, 'INFO'],
  [40, 'WARN'],
  [50, 'ERROR'],
  [60, 'FATAL'],
]);
/** pino-pretty's colours (colorette): the level by its severity, the message cyan, the other fields grey. */
const LEVEL_COLOURS = new Map([
  [10, '\u001b[90m'],
  [20, '\u001b[34m'],
  [30, '\u001b[32m'],
  [40, '\u001b[33m'],
  [50, '\u001b[31m'],
  [60, '\u001b[41m'],
]);
const RESET = '\u001b[39m';
const BG_RESET = '\u001b[49m';
/** Fields pino-pretty prints on their own (an error's stack, a request or answer object): left to it. */
const SPECIAL = new Set(['err', 'error', 'req', 'msg', 'level', 'time']);
const OMITTED = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId']);

const two = (n: number) => (n < 10 ? `0${String(n)}` : String(n));
const three = (n: number) => (n < 10 ? `00${String(n)}` : n < 100 ? `0${String(n)}` : String(n));

/** `[HH:MM:ss.` of the local time, kept for the last second asked (a busy log asks for it thousands of times). */
let clockSecond = Number.NaN;
let clockPrefix = '';
function secondOf(time: number): string {
  const second = Math.floor(time / 1000);
  if (second !== clockSecond) {
    const at = new Date(second * 1000);
    clockPrefix = `[${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.`;
    clockSecond = second;
  }
  return clockPrefix;
}

/**
 * The line pino-pretty prints for `entry` (with the options below), written directly, or null when the entry
 * has something pino-pretty prints its own way (an error, a message that is not text). The request log's lines
 * all take this way: pino-pretty's own formatting cost a development start about a sixth of its time.
 */
export function quickPrettyLine(entry: Record<string, unknown>, colorize: boolean): string | null {
  const { level, time, msg, reqId } = entry;
  if (typeof level !== 'number' || typeof time !== 'number' || typeof msg !== 'string') return null;
  const label = LEVEL_LABELS.get(level);
  if (label === undefined || (reqId !== undefined && typeof reqId !== 'string')) return null;
  let rest: Record<string, unknown> | null = null;
  for (const key in entry) {
    if (OMITTED.has(key)) continue;
    if (SPECIAL.has(key)) return null;
    (rest ??= {})[key] = entry[key];
  }
  const clock = `${secondOf(time)}${three(((time % 1000) + 1000) % 1000)}]`;
  const message = reqId === undefined ? msg : `[${reqId}] ${msg}`;
  const fields = rest === null ? '' : JSON.stringify(rest);
  if (!colorize) return `${clock} ${label}: ${message}${fields === '' ? '' : ` ${fields}`}\n`;
  const colour = LEVEL_COLOURS.get(level) ?? '';
  const closing = level === 60 ? BG_RESET : RESET;
  return (
    `${clock} ${colour}${label}${closing}: \u001b[36m${message}${RESET}` +
    `${fields === '' ? '' : ` \u001b[90m${fields}${RESET}`}\n`
  );
}

/** One JSON line to one readable line: time, level, `[request id]` when the line belongs to a request. */
export function prettyLines(colorize: boolean): (line: string) => string {
  const prettify = prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId',
    messageFormat: '{if reqId}[{reqId}] {end}{msg}',
  });
  return (line) => {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      return prettify(line);
    }
    const quick =
      entry !== null && typeof entry === 'object' && !Array.isArray(entry)
        ? quickPrettyLine(entry as Record<string, unknown>, colorize)
        : null;
    return quick ?? prettify(line);
  };
}

export function serverLog(
  level = process.env.LOG_LEVEL ?? 'info',
  fd = 1,
  maxBufferedBytes = LOG_BUFFER_MAX_BYTES,
  format: LogFormat = logFormatFrom(),
): ServerLog {
  const destination = pino.destination({
    dest: fd,
    sync: false,
    maxLength: maxBufferedBytes,
    minLength: Math.min(LOG_WRITE_MIN_BYTES, Math.floor(maxBufferedBytes / 2)),
  });
  // What waits under LOG_WRITE_MIN_BYTES goes out at the latest LOG_FLUSH_INTERVAL_MS later (a quiet server's
  // lines show at once to the eye); the timer does not keep the process alive, and pino writes what is left
  // when the process exits (`flush` before a `process.exit` of our own).
  let waiting = false;
  const timer = setInterval(() => {
    if (!waiting) return;
    waiting = false;
    try {
      destination.flush();
    } catch {
      // Not open yet: the next tick tries again.
      waiting = true;
    }
  }, LOG_FLUSH_INTERVAL_MS);
  timer.unref();
  const toDestination = (text: string) => {
    waiting = true;
    return destination.write(text);
  };
  // The lines of one turn of the event loop are joined and handed to the destination together (at once when
  // LOG_HANDOVER_BYTES wait): one destination write a turn under load instead of one a request. sonic-boom
  // measures its whole waiting text on every write, so a write a line cost more the more lines waited.
  let pending = '';
  let handOverScheduled = false;
  const handOver = () => {
    handOverScheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    toDestination(text);
  };
  const write = (line: string) => {
    pending += line;
    if (pending.length >= LOG_HANDOVER_BYTES) handOver();
    else if (!handOverScheduled) {
      handOverScheduled = true;
      setImmediate(handOver);
    }
    return true;
  };
  // A process that exits (or crashes) before the turn ends: what it logged in that turn is written too, after
  // pino's own flush of the destination at exit.
  exitFlushes.add(() => {
    if (pending === '') return;
    handOver();
    try {
      destination.flushSync();
    } catch {
      // Not open: nothing can be written any more.
    }
  });
  const shape = format === 'pretty' ? prettyLines(tty.isatty(fd)) : (line: string) => line;
  let dropped = 0;
  let reporting = false;
  let noteLost = false;
  destination.on('drop', (text: string) => {
    if (reporting) noteLost = true;
    else dropped += linesIn(text);
  });
  // Once a write went out, the next line says what was lost (kept for later when it has no room either).
  destination.on('write', () => {
    if (dropped === 0) return;
    const count = dropped;
    dropped = 0;
    noteLost = false;
    reporting = true;
    // Straight to the destination, after what waits: a note it drops in turn is counted apart.
    handOver();
    toDestination(
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
  // pino's default base fields, as it writes them after `time`.
  const base = `"pid":${String(process.pid)},"hostname":${JSON.stringify(os.hostname())},`;
  let stream: LogStream = {
    write,
    [WRITE_REQUEST_LINE]: (line) => write(jsonRequestLine(line, base)),
  };
  if (format === 'pretty') {
    const colorize = tty.isatty(fd);
    stream = {
      write: (line: string) => write(shape(line)),
      [WRITE_REQUEST_LINE]: (line) => write(prettyRequestLine(line, colorize)),
    };
  }
  return {
    options: { level, stream },
    flush: () => {
      handOver();
      try {
        destination.flushSync();
      } catch {
        // Nothing was written yet (the stream is not open): nothing to flush.
      }
    },
  };
}

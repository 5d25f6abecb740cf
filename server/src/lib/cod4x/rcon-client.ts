// Our own rcon client on node:dgram. No maintained npm package speaks CoD4 rcon with its multi-datagram
// answers (gamedig only queries status), so it is written here to the wire format of CoD4x 1.8
// (`SVC_RemoteCommand` in src/sv_main.c):
// - request: `FF FF FF FF rcon <password> <command>` on the game port;
// - answer: one or more `FF FF FF FF print\n<text>` datagrams (the console output, flushed in chunks of
//   about 1 KB, the last one possibly empty), with no request id, so the client reads until the socket has
//   been quiet for a moment and sends one command at a time per server;
// - a wrong password answers `Bad rcon` (at most once per 100 ms; faster attempts get no answer);
// - a server whose rcon_password is shorter than 8 characters refuses every command.
import dgram from 'node:dgram';
import { decodeOob, encodeOob } from './oob.ts';

export type RconFailure = 'bad-password' | 'rcon-disabled' | 'no-answer' | 'socket';

export class RconError extends Error {
  constructor(
    readonly kind: RconFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RconError';
  }
}

export interface RconTarget {
  host: string;
  port: number;
  password: string;
}

export interface RconOptions {
  /** How long to wait for the first datagram of an answer. */
  timeoutMs?: number;
  /** The answer is complete once no datagram arrived for this long. */
  quietMs?: number;
}

const PRINT = 'print\n';
const BAD_RCON = 'Bad rcon';
const RCON_DISABLED = 'No rconpassword set on server or password is shorter than 8 characters.';

/**
 * Commands in flight per server (`host:port`), chained so this process sends one at a time to each server:
 * answers carry no request id, so two overlapping commands could not be told apart.
 */
const queues = new Map<string, Promise<unknown>>();

/** Sends one rcon command and resolves with its whole console output (every `print` datagram joined). */
export function rcon(target: RconTarget, command: string, options: RconOptions = {}): Promise<string> {
  if (/[\n\r\0]/.test(command)) return Promise.reject(new Error('An rcon command is one line.'));
  const key = `${target.host}:${target.port}`;
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(
    () => exchange(target, command, options),
    () => exchange(target, command, options),
  );
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

/**
 * One command on a fresh socket: a late datagram of an earlier, timed-out command arrives at that command's
 * (closed) port and can never be read as part of this answer.
 */
function exchange(target: RconTarget, command: string, options: RconOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 1500;
  const quietMs = options.quietMs ?? 150;
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    const chunks: string[] = [];
    let timer: NodeJS.Timeout;
    let done = false;
    const finish = (error: RconError | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.close();
      if (error) return reject(error);
      const text = chunks.join('');
      if (text === BAD_RCON) return reject(new RconError('bad-password', 'Bad rcon'));
      if (text.startsWith(RCON_DISABLED)) {
        return reject(new RconError('rcon-disabled', 'The server refuses rcon: its password is too short.'));
      }
      resolve(text);
    };
    timer = setTimeout(
      () => finish(new RconError('no-answer', `No answer from ${target.host}:${target.port}.`)),
      timeoutMs,
    );
    socket.on('error', (err) => finish(new RconError('socket', err.message)));
    socket.on('message', (message, remote) => {
      if (remote.port !== target.port) return;
      const text = decodeOob(message);
      if (text === null || !text.startsWith(PRINT)) return;
      chunks.push(text.slice(PRINT.length));
      clearTimeout(timer);
      timer = setTimeout(() => finish(null), quietMs);
    });
    socket.send(encodeOob(`rcon ${target.password} ${command}`), target.port, target.host, (err) => {
      if (err) finish(new RconError('socket', err.message));
    });
  });
}

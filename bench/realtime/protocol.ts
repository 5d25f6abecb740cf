// Messages between the benchmark coordinator and its server child processes.

export type ToServer =
  | { type: 'memory' }
  /** Publish one event (carrying the send time `t`) to every room. */
  | { type: 'round'; rooms: number }
  /** Publish `events` single-room events, `perTick` of them every `tickMs`, rooms in turn. */
  | { type: 'paced'; rooms: number; events: number; perTick: number; tickMs: number }
  /** Publish `rounds` rounds back to back, yielding to I/O between rounds. */
  | { type: 'blast'; rooms: number; rounds: number }
  | { type: 'stop' };

export type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'memory'; rss: number; heapUsed: number; external: number }
  /** `cpuMicros`: user + system CPU time the server spent on the command. */
  | { type: 'done'; cpuMicros: number };

/** The channel of a room, the same for both servers. */
export const roomChannel = (room: number) => `match-detail-update.${room}`;

/** The event every client receives. */
export const EVENT = 'MatchDetailUpdate';

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export const now = () => performance.timeOrigin + performance.now();

// What the crowd's viewers (run.ts) and the app's process (app-server.ts) share to time a refetch on the
// server's side: the send time travels in a header, in a clock both processes read alike.

/** Now as epoch milliseconds with sub-millisecond precision, comparable between the two processes. */
export const wallClock = () => performance.timeOrigin + performance.now();

/** The header a timed refetch carries: when it was sent (`wallClock`). */
export const SENT_HEADER = 'x-bench-sent';

// The realtime connection's socket id. The Echo helper sets it once connected; the API client sends it as
// X-Socket-ID so the server can leave this tab out of broadcasts caused by its own requests.
//
// A tab's first connection is made while the page's first requests are already under way. A request that
// changes something (and so may cause a broadcast) waits for that first connection for a moment
// (`socketIdSoon`), so its header names this tab's socket; see docs/toasts-and-errors.md.
let socketId: string | null = null;
/** The tab's first connection is being made (no socket id yet, never had one). */
let firstConnecting = false;
const waiters = new Set<() => void>();

function wakeWaiters(): void {
  for (const wake of [...waiters]) wake();
}

/** The current realtime socket id, or null while not connected. */
export function getSocketId(): string | null {
  return socketId;
}

/** Records the realtime socket id; pass null when the connection drops. */
export function setSocketId(id: string | null): void {
  socketId = id;
  if (id !== null) firstConnecting = false;
  wakeWaiters();
}

/** Marks the start (true) or the failure (false) of the tab's first realtime connection. */
export function setFirstConnectionPending(pending: boolean): void {
  firstConnecting = pending && socketId === null;
  wakeWaiters();
}

/**
 * The socket id, waiting up to `timeoutMs` while the tab's first connection is being made; null at once
 * when no connection is under way (a page that listens to nothing, or one that lost its socket).
 */
export function socketIdSoon(timeoutMs: number): Promise<string | null> {
  if (socketId !== null || !firstConnecting) return Promise.resolve(socketId);
  return new Promise((resolve) => {
    const done = () => {
      if (socketId === null && firstConnecting) return;
      clearTimeout(timer);
      waiters.delete(done);
      resolve(socketId);
    };
    const timer = setTimeout(() => {
      waiters.delete(done);
      resolve(socketId);
    }, timeoutMs);
    waiters.add(done);
  });
}

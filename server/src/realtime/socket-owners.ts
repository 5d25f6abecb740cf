/**
 * Which user (and which session) each socket id was signed for, remembered by the auth endpoints of this
 * instance. The external back end needs the owners (the embedded service knows its sockets' owners
 * itself); every back end needs the sessions, to close the sockets of a session that ends. Bounded: the
 * oldest entries go first; an entry lost to the bound only means a user may receive their own echo once,
 * or a socket of an ended session stays open until it next asks for a signature (which is refused).
 */
export class SocketOwnerLedger {
  private readonly owners = new Map<string, { userId: string; sessionId: string | null }>();
  private readonly sockets = new Map<string, Set<string>>();

  constructor(private readonly capacity = 100_000) {}

  record(socketId: string, userId: number | string, sessionId: string | null = null): void {
    this.forget(socketId);
    this.owners.set(socketId, { userId: String(userId), sessionId });
    if (sessionId !== null) {
      let set = this.sockets.get(sessionId);
      if (!set) this.sockets.set(sessionId, (set = new Set()));
      set.add(socketId);
    }
    if (this.owners.size > this.capacity) {
      const oldest = this.owners.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
  }

  private forget(socketId: string): void {
    const entry = this.owners.get(socketId);
    if (!entry) return;
    this.owners.delete(socketId);
    if (entry.sessionId === null) return;
    const set = this.sockets.get(entry.sessionId);
    if (set?.delete(socketId) && set.size === 0) this.sockets.delete(entry.sessionId);
  }

  belongsTo(socketId: string, userId: number | string): boolean {
    return this.owners.get(socketId)?.userId === String(userId);
  }

  /** The sockets signed here for these sessions; they are forgotten (the sessions ended). */
  takeSocketsOf(sessionIds: readonly string[]): string[] {
    const found: string[] = [];
    for (const sessionId of sessionIds) {
      for (const socketId of this.sockets.get(sessionId) ?? []) found.push(socketId);
    }
    for (const socketId of found) this.forget(socketId);
    return found;
  }
}

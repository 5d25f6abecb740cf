/**
 * Which user each socket id was signed for, remembered by the auth endpoints. Only the external back
 * end needs it: the embedded service knows its sockets' owners itself. Bounded: the oldest entries go
 * first, and an entry lost to the bound only means a user may receive their own echo once.
 */
export class SocketOwnerLedger {
  private readonly owners = new Map<string, string>();

  constructor(private readonly capacity = 100_000) {}

  record(socketId: string, userId: number | string): void {
    this.owners.delete(socketId);
    this.owners.set(socketId, String(userId));
    if (this.owners.size > this.capacity) {
      const oldest = this.owners.keys().next().value;
      if (oldest !== undefined) this.owners.delete(oldest);
    }
  }

  belongsTo(socketId: string, userId: number | string): boolean {
    return this.owners.get(socketId) === String(userId);
  }
}

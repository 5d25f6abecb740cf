// getstatus answers shared by every reader of this instance (server boxes, the admin page) for a short
// while: CoD4x answers a few queries per address and period only (SVC_Status), and one query per server
// every 2 s is plenty for a status box polled every 10-30 s.
import { queryServer, type ServerQueryAnswer } from '../../lib/cod4x/server-query.ts';

export class QueryCache {
  private readonly entries = new Map<string, { at: number; answer: Promise<ServerQueryAnswer | null> }>();

  constructor(private readonly ttlMs: number) {}

  query(host: string, port: number, timeoutMs: number): Promise<ServerQueryAnswer | null> {
    const key = `${host}:${port}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.answer;
    if (this.ttlMs <= 0) return queryServer(host, port, timeoutMs);
    const answer = queryServer(host, port, timeoutMs);
    this.entries.set(key, { at: now, answer });
    if (this.entries.size > 10_000) this.entries.delete(this.entries.keys().next().value ?? key);
    return answer;
  }
}

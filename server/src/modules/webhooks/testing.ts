// The webhooks module's test front door: a real local HTTP receiver that records every delivery, and the
// signature check a receiver runs (docs/webhooks.md#verifying-the-signature).
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver: records every request and answers the next queued status (200 when none); after
 * `hold()` it answers nothing until `release()` (a slow or dead receiver).
 */
export class Receiver {
  readonly received: Received[] = [];
  readonly statuses: number[] = [];
  /** The paths of the requests `hold()` kept unanswered, in arrival order. */
  readonly held: string[] = [];
  private holding = false;
  private readonly waiting: (() => void)[] = [];
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = () => {
        this.received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        res.statusCode = this.statuses.shift() ?? 200;
        res.end();
      };
      if (!this.holding) {
        answer();
        return;
      }
      this.held.push(req.url ?? '');
      this.waiting.push(answer);
    });
  });
  /** From now on requests wait, unanswered, for `release()`. */
  hold(): void {
    this.holding = true;
  }
  /** Answers every held request (recorded as received then) and stops holding. */
  release(): void {
    this.holding = false;
    for (const answer of this.waiting.splice(0)) answer();
  }
  /** Listens on a free port of 127.0.0.1; answers its base URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}`;
  }
  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Verifies `X-Versus-Signature` as docs/webhooks.md tells a receiver to. */
export function verifySignature(r: Received, secret: string): boolean {
  const header = String(r.headers['x-versus-signature']);
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret)
    .update(`${parts.t ?? ''}.${r.body}`)
    .digest('hex');
  const given = Buffer.from(parts.v1 ?? '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(expected), given);
}

/** A generic delivery's body. */
export interface GenericDelivery {
  id: number;
  event: string;
  createdAt: string;
  data: {
    match: { id: number; type: string; ladderId: number | null; tournamentId: number | null };
  } & Record<string, unknown>;
}

export const parseDelivery = (r: Received) => JSON.parse(r.body) as GenericDelivery;

import type { WebSocket } from 'ws';
import { encodeFrame, PusherCode } from './protocol.ts';

/** One client socket and what the service knows about it. */
export class Connection {
  /** Wire names of the channels this socket is subscribed to (or subscribing). */
  readonly channels = new Set<string>();
  /**
   * The user this socket has proved it belongs to: by a signed presence `channel_data`, a signed
   * `pusher:signin`, or a signed subscription to a channel only one user may join. Null = anonymous.
   */
  userId: string | null = null;
  /** `user_info` JSON per presence channel joined, to re-register if Redis lost this instance's entries. */
  readonly presenceInfo = new Map<string, string>();
  lastSeenAt: number;
  pingSentAt: number | null = null;
  closed = false;
  /**
   * Subscribe, unsubscribe and disconnect touch the (possibly remote) presence store; chaining them
   * keeps one socket's changes in the order it asked for them.
   */
  queue: Promise<void> = Promise.resolve();
  /** Settles when the underlying socket has closed. */
  readonly ended: Promise<void>;
  private clientEventWindowStart = 0;
  private clientEventCount = 0;

  constructor(
    readonly id: string,
    private readonly ws: WebSocket,
    private readonly maxSendBufferBytes: number,
    now: number,
  ) {
    this.lastSeenAt = now;
    this.ended = new Promise((resolve) => ws.once('close', () => resolve()));
  }

  /** Sends a pre-encoded frame; a socket whose backlog passed the bound is dropped instead. */
  send(frame: Buffer | string): void {
    if (this.closed) return;
    if (this.ws.bufferedAmount > this.maxSendBufferBytes) {
      // A close frame would queue behind the same backlog, so cut the TCP connection outright.
      this.closed = true;
      this.ws.terminate();
      return;
    }
    this.ws.send(frame, { binary: false });
  }

  sendEvent(event: string, data: unknown, channel?: string): void {
    this.send(encodeFrame(event, data, channel));
  }

  /** A `pusher:error` message; the socket stays open. */
  sendError(code: number | null, message: string): void {
    this.sendEvent('pusher:error', { code, message });
  }

  /** `pusher:error` then a close frame with the same code, as Pusher does for fatal conditions. */
  fail(code: number, message: string): void {
    this.sendError(code, message);
    this.close(code, message);
  }

  close(code: number = PusherCode.GoingAway, reason = ''): void {
    if (this.closed) return;
    this.closed = true;
    this.ws.close(code, reason.slice(0, 120));
  }

  /** Cuts the TCP connection without a close handshake (shutdown grace period over). */
  terminate(): void {
    this.closed = true;
    this.ws.terminate();
  }

  /** Fixed one-second window for client events. */
  allowClientEvent(now: number, perSecond: number): boolean {
    if (now - this.clientEventWindowStart >= 1000) {
      this.clientEventWindowStart = now;
      this.clientEventCount = 0;
    }
    this.clientEventCount += 1;
    return this.clientEventCount <= perSecond;
  }

  /** Bytes queued but not yet written to the network (for the benchmark's memory figures). */
  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }
}

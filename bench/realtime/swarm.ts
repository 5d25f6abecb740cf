// Many WebSocket clients in this process, counting frames and recording latencies cheaply (no JSON
// parse per frame: the send time is read straight out of the bytes), so the servers are what is measured.
import { WebSocket } from 'ws';
import { now, roomChannel } from './protocol.ts';

const T_MARKER = Buffer.from('\\"t\\":');
const CONNECT_BATCH = 250;

export type ServerKind = 'bare' | 'realtime';

export class Swarm {
  private readonly sockets: WebSocket[] = [];
  received = 0;
  /** Latencies in ms while `recording`. */
  latencies: number[] = [];
  recording = false;
  private waiter: { target: number; resolve: () => void } | null = null;

  constructor(
    private readonly kind: ServerKind,
    private readonly port: number,
    private readonly roomSize: number,
  ) {}

  /** Opens `count` sockets, `roomSize` per room, and waits until each is subscribed. */
  async connect(count: number): Promise<void> {
    for (let start = 0; start < count; start += CONNECT_BATCH) {
      const batch = [];
      for (let i = start; i < Math.min(count, start + CONNECT_BATCH); i++)
        batch.push(this.open(Math.floor(i / this.roomSize)));
      await Promise.all(batch);
    }
  }

  private open(room: number): Promise<void> {
    const url =
      this.kind === 'bare'
        ? `ws://127.0.0.1:${this.port}/?room=${room}`
        : `ws://127.0.0.1:${this.port}/app/test-key?protocol=7`;
    const ws = new WebSocket(url, { perMessageDeflate: false });
    this.sockets.push(ws);
    return new Promise((resolve, reject) => {
      ws.once('error', reject);
      if (this.kind === 'bare') {
        ws.once('open', () => {
          ws.on('message', (data: Buffer) => this.onFrame(data));
          resolve();
        });
        return;
      }
      ws.once('open', () =>
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: roomChannel(room) } })),
      );
      const untilSubscribed = (data: Buffer) => {
        if (!data.includes('subscription_succeeded')) return;
        ws.off('message', untilSubscribed);
        ws.on('message', (frame: Buffer) => this.onFrame(frame));
        resolve();
      };
      ws.on('message', untilSubscribed);
    });
  }

  private onFrame(data: Buffer): void {
    this.received++;
    if (this.recording) {
      const at = data.indexOf(T_MARKER);
      if (at >= 0)
        this.latencies.push(now() - parseFloat(data.subarray(at + T_MARKER.length, at + 40).toString()));
    }
    if (this.waiter && this.received >= this.waiter.target) {
      const { resolve } = this.waiter;
      this.waiter = null;
      resolve();
    }
  }

  /** Resolves once `target` frames in total have arrived (or rejects after `timeoutMs`). */
  waitFor(target: number, timeoutMs = 120_000): Promise<void> {
    if (this.received >= target) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${this.received}/${target} frames arrived`)),
        timeoutMs,
      );
      this.waiter = {
        target,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  close(): void {
    for (const ws of this.sockets) ws.terminate();
  }
}

// The soak's scripted people: an HTTP client with a cookie jar and the XSRF header, connecting from its own
// loopback address (nginx passes it on as the client's address, so per-address limits count per person
// group), which counts the 5xx answers it sees; and a Pusher-protocol WebSocket that reconnects through nginx
// when its instance goes away and then calls back (to refetch), as the web app's Echo client does.
import { WebSocket } from 'ws';
import { parseFrame, ProxyClient, type Frame, type HttpAnswer } from '../../e2e/support/proxy-client.ts';

export type { Frame };

/** Counters shared by every client of a run. */
export const traffic = { requests: 0, fiveXx: 0, networkErrors: 0, fiveXxSamples: [] as string[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The deploy test's proxy client, counting 5xx answers and retrying refused connections. */
export class SoakClient extends ProxyClient {
  userId = 0;

  constructor(base: string, localAddress = '127.0.0.1') {
    super(base, localAddress);
  }

  /**
   * One request as a person's browser makes it: a 5xx is counted (and shown to the person, who tries again
   * a moment later, as they would click again); a refused connection is retried.
   */
  override async call(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      traffic.requests++;
      try {
        const answer = await super.call(method, path, body);
        if (answer.status >= 500) {
          traffic.fiveXx++;
          if (traffic.fiveXxSamples.length < 10)
            traffic.fiveXxSamples.push(`${method} ${path} → ${String(answer.status)}`);
        }
        return answer;
      } catch (err) {
        traffic.networkErrors++;
        if (attempt >= 5) throw err;
        await sleep(500);
      }
    }
  }

  /** `call`, throwing unless the status is one of `ok`. */
  async must<T>(method: string, path: string, body?: unknown, ok = [200, 201]): Promise<T> {
    const answer = await this.call(method, path, body);
    if (!ok.includes(answer.status))
      throw new Error(`${method} ${path} → ${String(answer.status)} ${JSON.stringify(answer.body)}`);
    return answer.body as T;
  }

  async register(username: string, password: string): Promise<this> {
    await this.call('GET', '/api/v1/auth/me');
    const answer = await this.must<{ data: { id: number } }>('POST', '/api/v1/auth/register', {
      username,
      email: `${username}@soak.example.org`,
      password,
    });
    this.userId = answer.data.id;
    return this;
  }
}

/** A Pusher-protocol socket through nginx that reconnects (and resubscribes) when it is dropped. */
export class ReconnectingSocket {
  private ws: WebSocket | null = null;
  private readonly channels = new Set<string>();
  private closedByUs = false;
  reconnects = 0;
  frames = 0;

  constructor(
    private readonly base: string,
    private readonly key: string,
    private readonly onFrame: (frame: Frame) => void,
    /** After a reconnect and resubscription: refetch what may have been missed. */
    private readonly onReconnect: () => void,
  ) {}

  async open(): Promise<void> {
    for (;;) {
      try {
        await this.connect();
        return;
      } catch {
        await sleep(500);
      }
    }
  }

  private connect(): Promise<void> {
    const url = `${this.base.replace(/^http/, 'ws')}/app/${this.key}?protocol=7&client=js&version=8.4.0`;
    const ws = new WebSocket(url);
    this.ws = ws;
    return new Promise<void>((resolve, reject) => {
      let established = false;
      ws.on('message', (raw: Buffer) => {
        const frame = parseFrame(raw);
        if (frame.event === 'pusher:ping') {
          ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
          return;
        }
        if (frame.event === 'pusher:connection_established') {
          established = true;
          for (const channel of this.channels) this.send('pusher:subscribe', { channel });
          resolve();
          return;
        }
        this.frames++;
        this.onFrame(frame);
      });
      ws.on('error', (err) => {
        if (!established) reject(err);
      });
      ws.on('close', () => {
        if (!established) {
          reject(new Error('closed before established'));
          return;
        }
        if (this.closedByUs) return;
        // The instance went away: reconnect through nginx (to whichever instance it picks), then refetch.
        this.reconnects++;
        void this.open().then(() => this.onReconnect());
      });
    });
  }

  private send(event: string, data: unknown): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ event, data }));
  }

  subscribe(channel: string): void {
    if (this.channels.has(channel)) return;
    this.channels.add(channel);
    this.send('pusher:subscribe', { channel });
  }

  close(): void {
    this.closedByUs = true;
    this.ws?.close();
  }
}

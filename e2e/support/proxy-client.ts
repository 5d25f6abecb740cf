// Clients of a site behind nginx, as people's browsers are: HTTP with a cookie jar and the XSRF header, sent
// from a chosen loopback address (127.0.0.2, 127.0.0.3, ...: nginx sees each as a different client), and
// the Pusher protocol over a raw WebSocket that answers pings and remembers which instance nginx chose.
import http from 'node:http';
import { WebSocket } from 'ws';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** One person's HTTP client of `base` (`http://127.0.0.1:<port>`), connecting from `localAddress`. */
export class ProxyClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly localAddress = '127.0.0.1',
    /** Sent on every request (a forged X-Forwarded-For, say). */
    private readonly headers: Record<string, string> = {},
  ) {}

  call(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const request = http.request(
        new URL(path, this.base),
        { method, headers, localAddress: this.localAddress, agent: false },
        (response) => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const i = pair.indexOf('=');
            this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
          }
          let raw = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (raw += chunk));
          response.on('end', () => {
            let json: unknown = null;
            try {
              json = JSON.parse(raw) as unknown;
            } catch {
              json = raw; // not JSON (nginx's own error page)
            }
            resolve({ status: response.statusCode ?? 0, body: json });
          });
        },
      );
      request.setTimeout(60_000, () => request.destroy(new Error('timeout')));
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** Signs in (with the demo password unless told); throws unless it worked. */
  async signIn(username: string, password = 'password'): Promise<this> {
    await this.call('GET', '/api/v1/auth/me');
    const login = await this.call('POST', '/api/v1/auth/login', { username, password });
    if (login.status !== 200) throw new Error(`${username} could not sign in: ${JSON.stringify(login.body)}`);
    return this;
  }
}

export interface Frame {
  event: string;
  channel?: string;
  data: unknown;
}

/** A Pusher protocol frame, its `data` decoded when it is a JSON string. */
export function parseFrame(raw: Buffer): Frame {
  const frame = JSON.parse(raw.toString()) as Frame;
  if (typeof frame.data === 'string') {
    try {
      frame.data = JSON.parse(frame.data) as unknown;
    } catch {
      // a plain string stays one
    }
  }
  return frame;
}

/** A Pusher-protocol WebSocket through the proxy. */
export class PusherSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<number>;
  private waiters: (() => void)[] = [];

  /** What nginx reported as the instance it chose (the test's X-Versus-Upstream header). */
  upstream = '';

  private constructor(readonly ws: WebSocket) {
    // Listening from the start: the first frame may arrive in the same packet as the upgrade answer.
    ws.once('upgrade', (response) => (this.upstream = String(response.headers['x-versus-upstream'] ?? '')));
    ws.on('message', (raw: Buffer) => {
      const frame = parseFrame(raw);
      if (frame.event === 'pusher:ping') ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      this.frames.push(frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static async open(base: string, key: string): Promise<PusherSocket> {
    const url = `${base.replace(/^http/, 'ws')}/app/${key}?protocol=7&client=js&version=8.4.0`;
    const socket = new PusherSocket(new WebSocket(url));
    await new Promise<void>((resolve, reject) => {
      socket.ws.once('open', () => resolve());
      socket.ws.once('error', reject);
    });
    await socket.next((f) => f.event === 'pusher:connection_established');
    return socket;
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** The first frame (from now on or already received and not yet taken) that `matches`; it is taken. */
  next(matches: (frame: Frame) => boolean, timeoutMs = 15_000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no such frame within ${String(timeoutMs)} ms; got ${JSON.stringify(this.frames)}`),
          ),
        timeoutMs,
      );
      const check = () => {
        const index = this.frames.findIndex(matches);
        if (index >= 0) {
          clearTimeout(timer);
          resolve(this.frames.splice(index, 1)[0]!);
        } else {
          this.waiters.push(check);
        }
      };
      check();
    });
  }

  /** Subscribes to a public channel and waits for the confirmation. */
  async subscribe(channel: string): Promise<void> {
    this.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
    await this.next((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel);
  }

  close(): void {
    this.ws.close();
  }
}

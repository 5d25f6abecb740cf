// Test clients: real pusher-js / Laravel Echo, and raw `ws` sockets for what pusher-js would never send.
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { WebSocket } from 'ws';
import { hmacHex, md5Hex } from '../signing.ts';
import { TEST_PUSHER } from './test-app.ts';

async function postAuth(baseUrl: string, path: string, userId: number | null, body: Record<string, string>) {
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(userId ? { 'x-test-user': String(userId) } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });
  if (!response.ok) throw new Error(`auth failed with ${response.status}`);
  return (await response.json()) as { auth: string; channel_data?: string; user_data?: string };
}

/** A connected pusher-js client whose auth requests are made as `userId` (null = signed out). */
export async function connectPusher(
  port: number,
  userId: number | null,
  baseUrl = `http://127.0.0.1:${port}`,
) {
  const pusher = new Pusher(TEST_PUSHER.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        postAuth(baseUrl, '/broadcasting/auth', userId, {
          socket_id: socketId,
          channel_name: channelName,
        }).then(
          (data) => callback(null, data),
          (err: Error) => callback(err, null),
        );
      },
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => {
        postAuth(baseUrl, '/broadcasting/user-auth', userId, { socket_id: socketId }).then(
          (data) => callback(null, { auth: data.auth, user_data: data.user_data ?? '' }),
          (err: Error) => callback(err, null),
        );
      },
    },
  });
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('failed', () => reject(new Error('pusher-js could not connect')));
  });
  return pusher;
}

export function echoFor(pusher: Pusher): Echo<'pusher'> {
  return new Echo({ broadcaster: 'pusher', key: TEST_PUSHER.key, client: pusher });
}

export interface RawClient {
  ws: WebSocket;
  messages: { event: string; channel?: string; data: unknown }[];
  next(event: string, timeoutMs?: number): Promise<{ event: string; channel?: string; data: unknown }>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

/** A bare WebSocket speaking JSON frames; `data` strings are decoded as pusher-js would. */
export async function connectRaw(port: number, path = `/app/${TEST_PUSHER.key}?protocol=7`, origin?: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, origin ? { origin } : {});
  const messages: RawClient['messages'] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString()) as { event: string; channel?: string; data: unknown };
    if (typeof frame.data === 'string') {
      try {
        frame.data = JSON.parse(frame.data) as unknown;
      } catch {
        // plain string data stays a string
      }
    }
    messages.push(frame);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const client: RawClient = {
    ws,
    messages,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (event, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const index = messages.findIndex((m) => m.event === event);
          if (index >= 0) {
            clearTimeout(timer);
            resolve(messages.splice(index, 1)[0]!);
          } else {
            waiters.push(check);
          }
        };
        check();
      }),
  };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return client;
}

/**
 * A request to the Pusher HTTP events API at `baseUrl`, signed by hand with `credentials` (so a test can sign
 * with a wrong secret, an old timestamp or another body's MD5).
 */
export function postEvents(
  baseUrl: string,
  credentials: { appId: string; key: string; secret: string },
  body: string,
  overrides: { timestamp?: number; bodyMd5?: string } = {},
): Promise<Response> {
  const path = `/apps/${credentials.appId}/events`;
  // Already in sorted order, as the signature needs.
  const query = [
    `auth_key=${credentials.key}`,
    `auth_timestamp=${String(overrides.timestamp ?? Math.floor(Date.now() / 1000))}`,
    'auth_version=1.0',
    `body_md5=${overrides.bodyMd5 ?? md5Hex(body)}`,
  ].join('&');
  const signature = hmacHex(credentials.secret, `POST\n${path}\n${query}`);
  return fetch(`${baseUrl}${path}?${query}&auth_signature=${signature}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
}

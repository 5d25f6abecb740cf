import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256, the signature of every Pusher auth string and API request. */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** Compares two signatures in constant time (for equal lengths; a length mismatch is not secret). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The string pusher-js expects signed: `socket:channel` or, for presence, `socket:channel:channel_data`. */
export function channelAuthString(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

/** The string signed for `pusher:signin` (user authentication). */
export function userAuthString(socketId: string, userData: string): string {
  return `${socketId}::user::${userData}`;
}

/** `key:signature`, the `auth` field pusher-js sends back in `pusher:subscribe` / `pusher:signin`. */
export function signAuth(key: string, secret: string, message: string): string {
  return `${key}:${hmacHex(secret, message)}`;
}

export function verifyAuth(key: string, secret: string, message: string, auth: unknown): boolean {
  return typeof auth === 'string' && safeEqual(auth, signAuth(key, secret, message));
}

// 2^47 each side: 94 bits from the CSPRNG, so socket ids cannot be guessed to dodge or hijack exclusions.
const SOCKET_ID_PART = 2 ** 47;

/** A new socket id, `digits.digits` as Pusher clients expect. */
export function newSocketId(): string {
  return `${randomInt(SOCKET_ID_PART)}.${randomInt(SOCKET_ID_PART)}`;
}

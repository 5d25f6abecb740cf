import { describe, expect, it } from 'vitest';
import {
  channelAuthString,
  hmacHex,
  newSocketId,
  safeEqual,
  signAuth,
  userAuthString,
  verifyAuth,
} from './signing.ts';

describe.skipIf(process.env.TEST_DB === 'postgres')('signing', () => {
  it('signs what pusher-js sends, in Pusher’s documented format', () => {
    // The example of Pusher's "authorizing connections" documentation.
    const auth = signAuth(
      '278d425bdf160c739803',
      '7ad3773142a6692b25b8',
      channelAuthString('1234.1234', 'private-foobar'),
    );
    expect(auth).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('signs presence channel data and user sign-in strings', () => {
    expect(channelAuthString('1.2', 'presence-x', '{"user_id":"1"}')).toBe('1.2:presence-x:{"user_id":"1"}');
    expect(userAuthString('1.2', '{"id":"1"}')).toBe('1.2::user::{"id":"1"}');
  });

  it('verifies only the exact signature', () => {
    const message = channelAuthString('1.2', 'private-a');
    expect(verifyAuth('k', 's', message, signAuth('k', 's', message))).toBe(true);
    expect(verifyAuth('k', 's', message, signAuth('k', 'other', message))).toBe(false);
    expect(verifyAuth('k', 's', message, 'k:short')).toBe(false);
    expect(verifyAuth('k', 's', message, undefined)).toBe(false);
    expect(safeEqual(hmacHex('s', 'a'), hmacHex('s', 'a'))).toBe(true);
  });

  it('draws distinct digit.digit socket ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, newSocketId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^\d{1,20}\.\d{1,20}$/);
  });
});

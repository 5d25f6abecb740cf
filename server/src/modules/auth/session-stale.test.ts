// A session's cached user past SESSION_CACHE_TTL_MS: within SESSION_CACHE_STALE_MS more it still answers at
// once and is read again in the background (the request waits for no read); past that window a request waits
// for its read. Rows are changed behind the cache's back (straight in the database), so only a read shows them.
import { authUserAnswer } from '@versus/common/api/auth';
import { messageAnswer } from '@versus/common/api/primitives';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { buildTestApp, eventually, expectAnswer, type TestApp, type TestClient } from '../../test/index.ts';

const TTL_MS = 300;
const STALE_MS = 3000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    clock: 'real',
    env: { SESSION_CACHE_TTL_MS: String(TTL_MS), SESSION_CACHE_STALE_MS: String(STALE_MS) },
  });
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function flagOf(client: TestClient): Promise<string | null> {
  return expectAnswer(await client.get('/api/v1/auth/me'), authUserAnswer).data.flag;
}

async function setFlag(username: string, flag: string): Promise<void> {
  await t.database.db.update(users).set({ flag }).where(eq(users.username, username));
}

describe('a session cached longer than its lifetime', () => {
  it('answers at once with the user it holds, then with the row read again in the background', async () => {
    await setFlag('player1', 'fi');
    const client = await t.signIn('player1');
    expect(await flagOf(client)).toBe('fi');
    await setFlag('player1', 'no');
    await sleep(TTL_MS + 100);
    // Past the lifetime, within the stale window: the entry answers (no read on this request's path)...
    expect(await flagOf(client)).toBe('fi');
    // ...and its reread, about a second later, brings the changed row.
    await eventually(async () => {
      expect(await flagOf(client)).toBe('no');
    }, 4000);
  });

  it('refuses a session ended behind its back once the reread is back', async () => {
    const client = await t.signIn('player2');
    expect(await flagOf(client)).not.toBe(undefined);
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'player2'));
    await t.database.db.delete(sessions).where(eq(sessions.userId, user?.id ?? 0));
    await sleep(TTL_MS + 100);
    await eventually(async () => {
      const me = await client.get('/api/v1/auth/me');
      expect(expectAnswer(me, messageAnswer, 401)).toEqual({ message: 'Unauthenticated.' });
    }, 4000);
  });

  it('waits for the read past the stale window', async () => {
    await setFlag('player3', 'fi');
    const client = await t.signIn('player3');
    expect(await flagOf(client)).toBe('fi');
    await setFlag('player3', 'dk');
    await sleep(TTL_MS + STALE_MS + 200);
    expect(await flagOf(client)).toBe('dk');
  });
});

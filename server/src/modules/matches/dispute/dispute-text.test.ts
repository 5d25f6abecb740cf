// Text fields of a dispute and its ticket refuse control characters, and invisible spaces count as white
// space: a reason or a message of zero-width characters alone is empty.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketMessages, tickets } from '../../../db/schema/index.ts';
import { stage } from '../testing.ts';
import { buildTestApp, signIn, type TestApp, type TestClient } from '../../../test/index.ts';

const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];

describe('bad text in disputes and ticket messages', () => {
  let t: TestApp;
  let p1: TestClient;

  beforeAll(async () => {
    t = await buildTestApp();
    p1 = await signIn(t.app, 'player1');
  });
  afterAll(async () => {
    await t.close();
  });

  const dispute = (id: number, description: unknown) =>
    p1.post(`/api/v1/match-detail/dispute/${String(id)}`, { description });
  const ticketOf = async (id: number) =>
    (await t.app.db.select().from(tickets).where(eq(tickets.matchId, id)))[0];

  it('a reason of invisible characters only is required; a ticket message with a control character is refused', async () => {
    const id = await stage(t.app, 'score-entered');
    for (const invisible of [...INVISIBLE, INVISIBLE.join(' ')]) {
      expect(await dispute(id, invisible)).toMatchObject({
        status: 422,
        body: {
          message: 'The description field is required.',
          errors: { description: ['The description field is required.'] },
        },
      });
    }
    expect(await dispute(id, 'bell\u0007')).toMatchObject({
      status: 422,
      body: { errors: { description: ['The description field must not contain control characters.'] } },
    });
    expect(await ticketOf(id)).toBeUndefined();

    // Invisible spaces around a real reason are trimmed like spaces; line breaks are text.
    expect((await dispute(id, '\u200B They had six players\non Crash \uFEFF')).status).toBe(200);
    const ticket = await ticketOf(id);
    expect(ticket?.description).toMatch(/^They had six players\non Crash/);

    const url = `/api/v1/tickets/${String(ticket?.id ?? 0)}/messages`;
    expect(await p1.post(url, { message: '\u0007bell' })).toMatchObject({
      status: 422,
      body: {
        message: 'The message field must not contain control characters.',
        errors: { message: ['The message field must not contain control characters.'] },
      },
    });
    expect(await p1.post(url, { message: '\u200B\u2060' })).toMatchObject({
      status: 422,
      body: { errors: { message: ['The message field is required.'] } },
    });
    const stored = await t.app.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket?.id ?? 0));
    expect(stored).toEqual([]);
    expect(await p1.post(url, { message: 'one\n\ttwo' })).toMatchObject({
      status: 201,
      body: { data: { message: 'one\n\ttwo' } },
    });
  });
});

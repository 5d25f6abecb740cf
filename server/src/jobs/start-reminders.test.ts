// The 15-minute reminder of an agreed start, through HTTP: the captains agree a time, and at 15 minutes before
// it the sweeper notifies every rostered player and delivers the `match.starting-soon` webhook event to a real
// local receiver, once; a new agreed time owes a new reminder.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookAnswer } from '@versus/common/api/webhooks';
import { STATUS } from '@versus/common/match/statuses';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, matchPlayers, notifications } from '../db/schema/index.ts';
import { effectsSettled } from '../modules/effects/index.ts';
import { buildTestApp, expectAnswer, ladderMatch, type TestApp, type TestClient } from '../test/index.ts';

const MINUTE = 60_000;

describe('start reminders', () => {
  let t: TestApp;
  let p1: TestClient;
  let p6: TestClient;
  const received: { event: string; data: { match: { id: number }; startDate: string } }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()) as (typeof received)[number]);
      res.end();
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hook`;
    t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
    p1 = await t.signIn('player1');
    p6 = await t.signIn('player6');
    const admin = await t.signIn('admin');
    const created = await admin.post('/api/v1/admin/webhooks', {
      type: 'generic',
      name: 'Reminders',
      url,
      secret: 'a-receiver-secret-0123456789',
      events: ['match.starting-soon'],
    });
    expectAnswer(created, webhookAnswer, 201);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /**
   * The clock moves to `at` and the sweeper runs (the deliveries it records are due at the clock's now); the
   * deliveries start after the pass, so wait for them as the receiver would.
   */
  const sweepAt = async (at: number) => {
    t.clock.time = at;
    await t.app.matchSweeper.sweepOnce();
    await effectsSettled(t.app.ctx);
  };

  const reminded = async (id: number) => {
    const players = await t.app.db
      .select({ userId: matchPlayers.userId })
      .from(matchPlayers)
      .where(eq(matchPlayers.matchId, id));
    const rows = await t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'match-starting-soon'),
          inArray(
            notifications.userId,
            players.map((p) => p.userId),
          ),
        ),
      );
    return { players: players.length, rows };
  };

  it('reminds every rostered player and sends the webhook event 15 minutes before, once', async () => {
    const id = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
    const start = t.clock.now() + 2 * 60 * MINUTE;
    const url = `/api/v1/match-detail/schedule/${String(id)}`;
    expect((await p1.post(`${url}/propose`, { times: [new Date(start).toISOString()] })).status).toBe(200);
    expect((await p6.post(`${url}/accept`, { time: new Date(start).toISOString() })).status).toBe(200);
    expect((await p6.post(`/api/v1/match-detail/status/${String(id)}/accept`)).status).toBe(200);

    await sweepAt(start - 15 * MINUTE - 1);
    expect((await reminded(id)).rows).toHaveLength(0);
    expect(received).toHaveLength(0);

    await sweepAt(start - 15 * MINUTE);
    const first = await reminded(id);
    expect(first.players).toBe(10);
    expect(new Set(first.rows.map((r) => r.userId)).size).toBe(10);
    const [message] = await t.app.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.type, 'match-starting-soon'))
      .limit(1);
    expect(message?.message).toBe('<b>Red Dragons</b> vs <b>Northern Wolves</b> starts in 15 minutes.');
    expect(received.map((r) => [r.event, r.data.match.id, r.data.startDate])).toEqual([
      ['match.starting-soon', id, new Date(start).toISOString()],
    ]);

    // Once: the next pass sends nothing more.
    await sweepAt(start - 10 * MINUTE);
    expect((await reminded(id)).rows).toHaveLength(10);
    expect(received).toHaveLength(1);

    // A new agreed time owes a new reminder.
    const later = start + 24 * 60 * MINUTE;
    expect((await p6.post(`${url}/propose`, { times: [new Date(later).toISOString()] })).status).toBe(200);
    expect((await p1.post(`${url}/accept`, { time: new Date(later).toISOString() })).status).toBe(200);
    await sweepAt(later - 15 * MINUTE);
    expect((await reminded(id)).rows).toHaveLength(20);
    expect(received).toHaveLength(2);
    const [row] = await t.app.db.select({ s: matches.statusId }).from(matches).where(eq(matches.id, id));
    expect(row?.s).toBe(STATUS.scheduled);
  });
});

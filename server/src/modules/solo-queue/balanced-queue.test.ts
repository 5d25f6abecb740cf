import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchDetailAnswer } from '@versus/common/api/matches';
import { pickDataAnswer } from '@versus/common/api/pick';
import { soloQueuesAnswer } from '@versus/common/api/solo-queue';
import { STATUS } from '@versus/common/match/statuses';
import { winProbability } from '@versus/common/match/skill';
import { matchPlayers, notifications, soloQueues, users } from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, joinAndAcceptAll, signIn, type TestApp } from '../../test/index.ts';

const names = Array.from({ length: 10 }, (_, i) => `player${String(i + 1)}`);

describe('a balanced solo-queue (team_formation = balanced)', () => {
  let t: TestApp;
  let queueId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const [queue] = await t.app.db.select().from(soloQueues);
    if (!queue) throw new Error('no queue');
    queueId = queue.id;
    await t.app.db.update(soloQueues).set({ teamFormation: 'balanced' }).where(eq(soloQueues.id, queueId));
  });
  afterAll(async () => {
    await t.close();
  });

  it('forms the teams with the smallest win-probability gap and skips the pick phase', async () => {
    const clients = await Promise.all(names.map((n) => signIn(t.app, n)));
    const first = clients[0];
    if (!first) throw new Error('no client');
    const listed = expectAnswer(await first.get('/api/v1/solo-queues'), soloQueuesAnswer);
    expect(listed.data[0]).toMatchObject({ id: queueId, teamFormation: 'balanced' });
    const id = await joinAndAcceptAll(clients, queueId);

    // Straight to the location vote: nobody waits in the pool, nobody picks.
    const players = await t.app.db.select().from(matchPlayers).where(eq(matchPlayers.matchId, id));
    expect(players.filter((p) => p.side === 1)).toHaveLength(5);
    expect(players.filter((p) => p.side === 2)).toHaveLength(5);
    expect(players.some((p) => p.pickOrder !== null)).toBe(false);
    const detail = expectAnswer(
      await first.get(`/api/v1/match-detail/${String(id)}`),
      matchDetailAnswer,
    ).data;
    expect(detail.statusId).toBe(STATUS.locationSelect);
    const pug = expectAnswer(await first.get(`/api/v1/pug/${String(id)}/users`), pickDataAnswer);
    expect(pug.data.pickerTeamId).toBeNull();
    expect(pug.data.users.some((u) => u.teamId === -1)).toBe(false);

    // The split is the best of all 126 (checked by brute force on the stored beliefs).
    const rows = await t.app.db
      .select({ id: users.id, mu: users.mu, sigma: users.sigma, elo: users.elo })
      .from(users)
      .where(
        inArray(
          users.id,
          players.map((p) => p.userId),
        ),
      );
    const skill = new Map(rows.map((r) => [r.id, { mu: r.mu, sigma: r.sigma }]));
    const gap = (c: number[], o: number[]) =>
      Math.abs(
        winProbability({
          challenger: c.map((u) => skill.get(u) ?? { mu: 0, sigma: 1 }),
          opponent: o.map((u) => skill.get(u) ?? { mu: 0, sigma: 1 }),
        }).challenger - 0.5,
      );
    const ids = rows.map((r) => r.id);
    let best = Infinity;
    let splits = 0;
    for (let mask = 0; mask < 1 << 10; mask += 1) {
      if ((mask & 1) === 0) continue;
      const c = ids.filter((_, i) => (mask >> i) & 1);
      if (c.length !== 5) continue;
      splits += 1;
      best = Math.min(
        best,
        gap(
          c,
          ids.filter((_, i) => !((mask >> i) & 1)),
        ),
      );
    }
    expect(splits).toBe(126);
    const chosen = gap(
      players.filter((p) => p.side === 1).map((p) => p.userId),
      players.filter((p) => p.side === 2).map((p) => p.userId),
    );
    expect(chosen).toBeCloseTo(best, 12);
    expect(Math.abs(detail.winProbability.challenger - 0.5)).toBeCloseTo(best, 12);
    expect(detail.winProbability.challenger + detail.winProbability.opponent).toBeCloseTo(1, 12);
    // Captains: the highest-rated of each side, the strongest of all on the challenger side.
    const strongest = [...rows].sort((a, b) => b.elo - a.elo);
    expect(players.find((p) => p.userId === strongest[0]?.id)).toMatchObject({ side: 1, isCaptain: true });
    const opponentCaptain = players.find((p) => p.side === 2 && p.isCaptain);
    const opponentBest = [...rows]
      .filter((r) => players.find((p) => p.userId === r.id)?.side === 2)
      .sort((a, b) => b.elo - a.elo)[0];
    expect(opponentCaptain?.userId).toBe(opponentBest?.id);

    const told = await t.app.db.select().from(notifications).where(eq(notifications.type, 'teams-balanced'));
    expect(told).toHaveLength(10);
    expect(
      t.published.some(
        (e) => e.channel === `match-detail-update.${String(id)}` && e.event === 'MatchDetailUpdate',
      ),
    ).toBe(true);
  });
});

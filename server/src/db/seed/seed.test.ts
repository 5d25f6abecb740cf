import { count, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { verifyPassword } from '../../modules/users/index.ts';
import * as schema from '../schema/index.ts';
import { seedDemoWorld } from './index.ts';

const APP_URL = 'http://localhost:3000';
let database: Database;
let firstRun: { created: boolean };

beforeAll(async () => {
  database = await createTestDatabase();
  firstRun = await seedDemoWorld(database.db, {
    appUrl: `${APP_URL}/`,
    now: new Date('2030-01-01T12:00:00Z'),
  });
});

afterAll(async () => {
  await database.close();
});

/** Raw SQL rows; both drivers answer `{ rows }`. */
async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Row counts of every table, to prove a second seed adds nothing anywhere. */
async function countAll(): Promise<Record<string, number>> {
  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}`,
    );
    counts[table_name] = Number(row?.n);
  }
  return counts;
}

/** Map names (`name_cmd`) of a competition's pool, in veto-grid order. */
async function poolOf(mapPoolId: number): Promise<string[]> {
  const rows = await database.db
    .select({ nameCmd: schema.maps.nameCmd })
    .from(schema.mapPoolMaps)
    .innerJoin(schema.maps, eq(schema.maps.id, schema.mapPoolMaps.mapId))
    .where(eq(schema.mapPoolMaps.mapPoolId, mapPoolId))
    .orderBy(schema.mapPoolMaps.position);
  return rows.map((r) => r.nameCmd);
}

describe('seedDemoWorld', () => {
  it('creates the cod4 game with its eleven maps and generated images', async () => {
    expect(firstRun.created).toBe(true);
    const maps = await database.db.select().from(schema.maps);
    expect(maps).toHaveLength(11);
    expect(maps.find((m) => m.nameCmd === 'mp_convoy')).toMatchObject({
      name: 'Ambush',
      image: '/images/maps/mp_convoy.svg',
    });
  });

  it('creates locations that ping the app itself', async () => {
    const locations = await database.db.select().from(schema.locations);
    expect(locations.length).toBeGreaterThanOrEqual(4);
    for (const l of locations) expect(l.hostname).toBe(APP_URL);
  });

  it('creates 20 players and an admin, all with the demo password', async () => {
    const users = await database.db.select().from(schema.users);
    expect(users).toHaveLength(21);
    const admin = users.find((u) => u.username === 'admin');
    expect(admin?.role).toBe('admin');
    const player7 = users.find((u) => u.username === 'player7');
    expect(player7).toMatchObject({ email: 'player7@versus.test', role: 'player' });
    expect(await verifyPassword(player7!.passwordHash, 'password')).toBe(true);
    const elos = users.filter((u) => u.role === 'player').map((u) => u.elo);
    expect(Math.min(...elos)).toBe(900);
    expect(Math.max(...elos)).toBe(1500);
  });

  it('creates four teams of five with one captain each, the first player of each five', async () => {
    const rows = await database.db
      .select({
        slug: schema.teams.slug,
        username: schema.users.username,
        isCaptain: schema.teamMembers.isCaptain,
      })
      .from(schema.teamMembers)
      .innerJoin(schema.teams, eq(schema.teams.id, schema.teamMembers.teamId))
      .innerJoin(schema.users, eq(schema.users.id, schema.teamMembers.userId));
    const slugs = [...new Set(rows.map((r) => r.slug))];
    expect(slugs).toHaveLength(4);
    for (const slug of slugs) {
      const members = rows.filter((r) => r.slug === slug);
      expect(members).toHaveLength(5);
      expect(members.filter((m) => m.isCaptain)).toHaveLength(1);
    }
    const captains = rows.filter((r) => r.isCaptain).map((r) => r.username);
    expect(captains.sort()).toEqual(['player1', 'player11', 'player16', 'player6']);
  });

  it('creates a 5v5 ladder, an upcoming tournament and a 5v5 solo-queue, each with a 7-map pool', async () => {
    const [ladder] = await database.db.select().from(schema.ladders);
    const [tournament] = await database.db.select().from(schema.tournaments);
    const [queue] = await database.db.select().from(schema.soloQueues);
    expect(ladder?.teamSize).toBe(5);
    expect(queue?.teamSize).toBe(5);
    expect(tournament).toMatchObject({ status: 'upcoming', bestOf: 1, finalBestOf: 3 });
    expect(tournament!.startDate.getTime()).toBeGreaterThan(new Date('2030-01-01T12:00:00Z').getTime());
    const expected = [
      'mp_backlot',
      'mp_crash',
      'mp_crossfire',
      'mp_citystreets',
      'mp_strike',
      'mp_vacant',
      'mp_overgrown',
    ];
    for (const poolId of [ladder!.mapPoolId, tournament!.mapPoolId, queue!.mapPoolId]) {
      expect(await poolOf(poolId)).toEqual(expected);
    }
    const [ladderTeams] = await database.db.select({ n: count() }).from(schema.ladderTeams);
    const [tournamentTeams] = await database.db.select({ n: count() }).from(schema.tournamentTeams);
    expect(ladderTeams?.n).toBe(4);
    expect(tournamentTeams?.n).toBe(4);
  });

  it('adds nothing when run again', async () => {
    const before = await countAll();
    const second = await seedDemoWorld(database.db, { appUrl: APP_URL });
    expect(second.created).toBe(false);
    expect(await countAll()).toEqual(before);
  });

  it('adds nothing when two seeds race on an empty database', async () => {
    const fresh = await createTestDatabase();
    try {
      const results = await Promise.all([
        seedDemoWorld(fresh.db, { appUrl: APP_URL }),
        seedDemoWorld(fresh.db, { appUrl: APP_URL }),
      ]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const [users] = await fresh.db.select({ n: count() }).from(schema.users);
      expect(users?.n).toBe(21);
    } finally {
      await fresh.close();
    }
  });
});

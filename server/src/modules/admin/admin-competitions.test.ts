import {
  adminGameAnswer,
  adminMapAnswer,
  adminMapsAnswer,
  adminLadderAnswer,
  adminMapPoolAnswer,
  adminMapPoolsAnswer,
  adminSoloQueueAnswer,
  adminTournamentAnswer,
  adminTournamentsAnswer,
} from '@versus/common/api/admin';
import { validationErrorAnswer } from '@versus/common/api/primitives';
import { laddersAnswer } from '@versus/common/api/ladders';
import { soloQueuesAnswer } from '@versus/common/api/solo-queue';
import { tournamentPageAnswer, tournamentsAnswer } from '@versus/common/api/tournaments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ladders, matches } from '../../db/schema/index.ts';
import { buildTestApp, expectAnswer, ladderMatch, type TestApp, type TestClient } from '../../test/index.ts';
import { readMatch } from '../matches/index.ts';
import { COMPETITION_TEXTS } from './admin-competitions.service.ts';

describe('admin: competitions and catalogue', () => {
  let t: TestApp;
  let admin: TestClient;
  let p1: TestClient;
  let poolId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    [admin, p1] = [await t.signIn('admin'), await t.signIn('player1')];
    const pools = expectAnswer(await admin.get('/api/v1/admin/map-pools'), adminMapPoolsAnswer);
    poolId = pools.data[0]?.id ?? 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses players (403) before reading the body', async () => {
    for (const url of ['/api/v1/admin/ladders', '/api/v1/admin/tournaments', '/api/v1/admin/solo-queues']) {
      expect((await p1.post(url, {})).status).toBe(403);
      expect((await t.client().get(url)).status).toBe(401);
    }
  });

  it('creates, reads and edits a ladder', async () => {
    const created = expectAnswer(
      await admin.post('/api/v1/admin/ladders', {
        name: 'Summer 5v5 Ladder',
        mapPoolId: poolId,
        teamSize: 5,
        vetoTurnSeconds: 45,
        scoreApprovalSeconds: 3600,
      }),
      adminLadderAnswer,
      201,
    );
    expect(created.data).toMatchObject({
      slug: 'summer-5v5-ladder',
      vetoTurnSeconds: 45,
      scoreApprovalSeconds: 3600,
    });
    const id = created.data.id;
    expect(
      expectAnswer(await admin.get(`/api/v1/admin/ladders/${String(id)}`), adminLadderAnswer).data.name,
    ).toBe('Summer 5v5 Ladder');
    const closed = expectAnswer(
      await admin.patch(`/api/v1/admin/ladders/${String(id)}`, {
        isActive: false,
        disputeWindowSeconds: null,
      }),
      adminLadderAnswer,
    );
    expect(closed.data).toMatchObject({ isActive: false, disputeWindowSeconds: null });
    const again = await admin.post('/api/v1/admin/ladders', {
      name: 'Summer 5v5 Ladder',
      mapPoolId: poolId,
      teamSize: 5,
    });
    expect(expectAnswer(again, adminLadderAnswer, 201).data.slug).toBe('summer-5v5-ladder-2');
    expect((await admin.get('/api/v1/admin/ladders/999999')).status).toBe(404);
  });

  it('validates every setting with its range', async () => {
    const bad = await admin.post('/api/v1/admin/ladders', {
      name: '',
      mapPoolId: poolId,
      teamSize: 17,
      vetoTurnSeconds: 2,
      promodMode: 'nope',
    });
    const errors = expectAnswer(bad, validationErrorAnswer, 422).errors;
    expect(errors.teamSize).toEqual(['The team size field must be between 1 and 16.']);
    expect(errors.vetoTurnSeconds).toEqual(['The veto turn seconds field must be between 5 and 600.']);
    expect(errors.name).toBeDefined();
    expect(errors.promodMode).toBeDefined();
    const noPool = await admin.post('/api/v1/admin/solo-queues', {
      name: 'Q',
      mapPoolId: 999999,
      teamSize: 5,
    });
    expect(expectAnswer(noPool, validationErrorAnswer, 422).errors.mapPoolId).toEqual([
      COMPETITION_TEXTS.noPool,
    ]);
    const format = await admin.post('/api/v1/admin/tournaments', {
      name: 'Cup',
      mapPoolId: poolId,
      teamSize: 5,
      format: 'knockout',
      startDate: new Date(t.clock.now() + 86_400_000).toISOString(),
    });
    expect(expectAnswer(format, validationErrorAnswer, 422).errors.format).toBeDefined();
  });

  it('creates and edits a solo-queue', async () => {
    const created = expectAnswer(
      await admin.post('/api/v1/admin/solo-queues', {
        name: 'Night 2v2',
        mapPoolId: poolId,
        teamSize: 2,
        bestOf: 3,
        pickTurnSeconds: 20,
        locationVoteSeconds: 40,
      }),
      adminSoloQueueAnswer,
      201,
    );
    expect(created.data).toMatchObject({
      slug: 'night-2v2',
      bestOf: 3,
      pickTurnSeconds: 20,
      locationVoteSeconds: 40,
      teamFormation: 'draft',
      drawsAllowed: false,
      locationRule: 'vote',
      fixedLocationId: null,
    });
    const edited = expectAnswer(
      await admin.patch(`/api/v1/admin/solo-queues/${String(created.data.id)}`, {
        promodMode: 'match_mr10',
        teamFormation: 'balanced',
      }),
      adminSoloQueueAnswer,
    );
    expect(edited.data).toMatchObject({ promodMode: 'match_mr10', teamFormation: 'balanced' });
    const queues = expectAnswer(await t.client().get('/api/v1/solo-queues'), soloQueuesAnswer);
    expect(queues.data.find((q) => q.id === created.data.id)?.teamFormation).toBe('balanced');
    const bad = await admin.patch(`/api/v1/admin/solo-queues/${String(created.data.id)}`, {
      teamFormation: 'random',
    });
    expect(expectAnswer(bad, validationErrorAnswer, 422).errors.teamFormation).toEqual([
      'The team formation field must be draft or balanced.',
    ]);
  });

  it.each(['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'two_stage'] as const)(
    'creates a %s tournament; its page answers with the format',
    async (format) => {
      const created = expectAnswer(
        await admin.post('/api/v1/admin/tournaments', {
          name: `Autumn ${format}`,
          mapPoolId: poolId,
          teamSize: 5,
          format,
          startDate: new Date(t.clock.now() + 86_400_000).toISOString(),
          maxTeams: 16,
          checkInMinutes: 30,
          groupCount: 4,
          playoffTeams: 8,
          thirdPlaceMatch: true,
        }),
        adminTournamentAnswer,
        201,
      );
      expect(created.data).toMatchObject({ format, status: 'upcoming', checkInMinutes: 30 });
      const page = expectAnswer(
        await t.client().get(`/api/v1/tournaments/${created.data.slug}`),
        tournamentPageAnswer,
      );
      expect(page.data.format).toBe(format);
      expect(page.data.bracket).toEqual({ format, stages: [] });
      const id = String(created.data.id);
      expect(
        expectAnswer(await admin.get(`/api/v1/admin/tournaments/${id}`), adminTournamentAnswer).data.format,
      ).toBe(format);
      const edited = await admin.patch(`/api/v1/admin/tournaments/${id}`, {
        readyCheckMinutes: 7,
        name: 'Renamed',
      });
      expect(expectAnswer(edited, adminTournamentAnswer).data).toMatchObject({
        readyCheckMinutes: 7,
        name: 'Renamed',
      });
    },
  );

  it('refuses a signup deadline after the start, and draw changes of a started tournament', async () => {
    const start = t.clock.now() + 86_400_000;
    const late = await admin.post('/api/v1/admin/tournaments', {
      name: 'Late',
      mapPoolId: poolId,
      teamSize: 5,
      format: 'swiss',
      startDate: new Date(start).toISOString(),
      signupDeadline: new Date(start + 1000).toISOString(),
    });
    expect(expectAnswer(late, validationErrorAnswer, 422).errors.signupDeadline).toBeDefined();
    // The seeded cup, started by the sweeper, keeps its format.
    const list = await admin.get('/api/v1/admin/tournaments');
    const seeded = expectAnswer(list, adminTournamentsAnswer).data.find((x) => x.slug === 'versus-cup-1');
    await t.app.matchSweeper.sweepOnce(Date.parse(seeded?.startDate ?? '') + 1000);
    const res = await admin.patch(`/api/v1/admin/tournaments/${String(seeded?.id)}`, { format: 'swiss' });
    expect(res).toMatchObject({ status: 409, body: { message: COMPETITION_TEXTS.started } });
  });

  it('a match keeps the settings it was created with when the competition changes', async () => {
    const matchId = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'northern-wolves' });
    const [row] = await t.app.db.select().from(matches).where(eq(matches.id, matchId));
    const [ladder] = await t.app.db
      .select()
      .from(ladders)
      .where(eq(ladders.id, row?.ladderId ?? 0));
    expect(row?.settings).toMatchObject({
      vetoTurnSeconds: ladder?.vetoTurnSeconds,
      mapPoolId: ladder?.mapPoolId,
    });
    const edited = await admin.patch(`/api/v1/admin/ladders/${String(ladder?.id)}`, {
      vetoTurnSeconds: 120,
      scoreApprovalSeconds: 600,
    });
    expectAnswer(edited, adminLadderAnswer);
    const record = await readMatch(t.app.ctx, matchId);
    expect(record.state.settings.vetoTurnSeconds).toBe(ladder?.vetoTurnSeconds);
    expect(record.state.settings.scoreApprovalSeconds).toBe(86_400);
  });

  it('archives a ladder (closed, out of the public list, page kept) and only a finished or cancelled tournament', async () => {
    const ladder = expectAnswer(
      await admin.post('/api/v1/admin/ladders', { name: 'Old Ladder', mapPoolId: poolId, teamSize: 5 }),
      adminLadderAnswer,
      201,
    ).data;
    const listed = async () =>
      expectAnswer(await t.client().get('/api/v1/ladders'), laddersAnswer).data.map((l) => l.slug);
    expect(await listed()).toContain('old-ladder');
    const archived = expectAnswer(
      await admin.patch(`/api/v1/admin/ladders/${ladder.id}`, { archived: true }),
      adminLadderAnswer,
    );
    expect(archived.data.isActive).toBe(false);
    expect(archived.data.archivedAt).toMatch(/^\d{4}-/);
    expect(await listed()).not.toContain('old-ladder');
    expect((await t.client().get('/api/v1/ladders/old-ladder')).status).toBe(200);
    // Archived ladders take no challenges (closed); listing it again leaves it closed until opened.
    const back = expectAnswer(
      await admin.patch(`/api/v1/admin/ladders/${ladder.id}`, { archived: false }),
      adminLadderAnswer,
    );
    expect(back.data).toMatchObject({ isActive: false, archivedAt: null });
    expect(await listed()).toContain('old-ladder');
    expect(
      expectAnswer(
        await admin.patch(`/api/v1/admin/ladders/${ladder.id}`, { archived: 'yes' }),
        validationErrorAnswer,
        422,
      ).errors,
    ).toHaveProperty('archived');
    expect((await p1.patch(`/api/v1/admin/ladders/${ladder.id}`, { archived: true })).status).toBe(403);

    const cup = expectAnswer(
      await admin.post('/api/v1/admin/tournaments', {
        name: 'Archive Cup',
        format: 'single_elimination',
        mapPoolId: poolId,
        teamSize: 5,
        startDate: new Date(Date.now() + 86_400_000).toISOString(),
      }),
      adminTournamentAnswer,
      201,
    ).data;
    const upcoming = await admin.patch(`/api/v1/admin/tournaments/${cup.id}`, { archived: true });
    expect(upcoming).toMatchObject({
      status: 409,
      body: { message: COMPETITION_TEXTS.archiveUnfinished },
    });
    const cupsListed = async () =>
      expectAnswer(await t.client().get('/api/v1/tournaments'), tournamentsAnswer).data.map((x) => x.slug);
    expect(await cupsListed()).toContain('archive-cup');
    // Cancelled and archived in one edit.
    const gone = expectAnswer(
      await admin.patch(`/api/v1/admin/tournaments/${cup.id}`, { status: 'cancelled', archived: true }),
      adminTournamentAnswer,
    );
    expect(gone.data.status).toBe('cancelled');
    expect(gone.data.archivedAt).toMatch(/^\d{4}-/);
    expect(await cupsListed()).not.toContain('archive-cup');
    expectAnswer(await t.client().get('/api/v1/tournaments/archive-cup'), tournamentPageAnswer);
  });

  it('games, map pools and map images', async () => {
    const game = expectAnswer(
      await admin.post('/api/v1/admin/games', { slug: 'cod2', name: 'Call of Duty 2', maxMapScore: 10 }),
      adminGameAnswer,
      201,
    );
    expect(game.data.slug).toBe('cod2');
    const pools = expectAnswer(await admin.get('/api/v1/admin/map-pools'), adminMapPoolsAnswer);
    const mapIds = pools.data[0]?.mapIds ?? [];
    const pool = expectAnswer(
      await admin.post('/api/v1/admin/map-pools', { name: 'Five', mapIds: mapIds.slice(0, 5) }),
      adminMapPoolAnswer,
      201,
    );
    expect(pool.data.mapIds).toEqual(mapIds.slice(0, 5));
    const renamed = await admin.patch(`/api/v1/admin/map-pools/${String(pool.data.id)}`, {
      mapIds: mapIds.slice(1, 6),
    });
    expect(expectAnswer(renamed, adminMapPoolAnswer).data.mapIds).toEqual(mapIds.slice(1, 6));
    const tooSmall = await admin.post('/api/v1/admin/map-pools', { name: 'Two', mapIds: mapIds.slice(0, 2) });
    expect(expectAnswer(tooSmall, validationErrorAnswer, 422).errors.mapIds).toEqual([
      COMPETITION_TEXTS.poolTooSmall,
    ]);
    // A pool that a match still has to copy at its veto cannot change its maps.
    const waiting = await ladderMatch(t.app, { challenger: p1, opponentSlug: 'silent-vipers' });
    const [waitingRow] = await t.app.db.select().from(matches).where(eq(matches.id, waiting));
    const used = waitingRow?.settings?.mapPoolId ?? 0;
    const refused = await admin.patch(`/api/v1/admin/map-pools/${String(used)}`, {
      mapIds: mapIds.slice(0, 5),
    });
    expect(refused).toMatchObject({ status: 409, body: { message: COMPETITION_TEXTS.poolInUse } });

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const mapId = mapIds[0] ?? 0;
    const uploaded = await admin.request('POST', `/api/v1/admin/maps/${String(mapId)}/image`, png, {
      'content-type': 'image/png',
    });
    const { image } = expectAnswer(uploaded, adminMapAnswer).data;
    expect(image).toMatch(/^\/uploads\/maps\/[0-9a-f]{32}\.png$/);
    const served = await t.client().get(image ?? '');
    expect(served.status).toBe(200);
    const notImage = await admin.request(
      'POST',
      `/api/v1/admin/maps/${String(mapId)}/image`,
      Buffer.from('GIF89a....'),
      {
        'content-type': 'application/octet-stream',
      },
    );
    expect(expectAnswer(notImage, validationErrorAnswer, 422).errors.image).toEqual([
      COMPETITION_TEXTS.imageNotImage,
    ]);
    // Checked by content, not by the declared type: an SVG (script-capable) sent as a PNG is refused.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const disguised = await admin.request('POST', `/api/v1/admin/maps/${String(mapId)}/image`, svg, {
      'content-type': 'image/png',
    });
    expect(expectAnswer(disguised, validationErrorAnswer, 422).errors.image).toEqual([
      COMPETITION_TEXTS.imageNotImage,
    ]);
    // Only admins upload; the map keeps the image it had.
    const player = await p1.request('POST', `/api/v1/admin/maps/${String(mapId)}/image`, png, {
      'content-type': 'image/png',
    });
    expect(player.status).toBe(403);
    const listed = expectAnswer(await admin.get('/api/v1/admin/maps'), adminMapsAnswer).data;
    expect(listed.find((m) => m.id === mapId)?.image).toBe(image);
  });
});

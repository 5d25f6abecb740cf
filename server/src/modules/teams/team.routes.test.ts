import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/app.ts';
import { createEngineTestApp, ladderId, signIn, teamIdOf } from '../matches/test-support.ts';
import type { EngineTestApp } from '../matches/test-support.ts';
import { TEAM_TEXTS } from './team.texts.ts';

interface TeamPage {
  data: {
    id: number;
    name: string;
    slug: string;
    captain: { id: number; username: string } | null;
    roster: { id: number; username: string; isCaptain: boolean; canKick: boolean; canMakeCaptain: boolean }[];
    viewer: { isMember: boolean; isCaptain: boolean; canInvite: boolean; canLeave: boolean };
    pendingInvitations: { id: number; username: string }[];
    ladders: { slug: string; rating: number }[];
    recentMatches: unknown[];
  };
}
interface Invitations {
  data: { id: number; team: { slug: string; name: string }; invitedBy: string | null }[];
}

describe('teams: page, creation, invitations, leave, captain, kick', () => {
  let t: EngineTestApp;
  let p1: TestClient;
  let p2: TestClient;
  let p7: TestClient;
  let p8: TestClient;
  let admin: TestClient;
  let slug: string;

  const page = async (client: TestClient, s: string) =>
    (await client.get(`/api/v1/teams/${s}`)).body as TeamPage;
  const idOf = async (username: string) =>
    ((await p1.get(`/api/v1/users/${username}`)).body as { data: { id: number } }).data.id;

  beforeAll(async () => {
    t = await createEngineTestApp();
    [p1, p2, p7, p8, admin] = [
      await signIn(t.app, 'player1'),
      await signIn(t.app, 'player2'),
      await signIn(t.app, 'player7'),
      await signIn(t.app, 'player8'),
      await signIn(t.app, 'admin'),
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a team with its captain, roster, ladder standing and the viewer flags', async () => {
    const anon = await page(new TestClient(t.app), 'red-dragons');
    expect(anon.data.captain?.username).toBe('player1');
    expect(anon.data.roster).toHaveLength(5);
    expect(anon.data.roster[0]).toMatchObject({ username: 'player1', isCaptain: true, canKick: false });
    expect(anon.data.viewer).toEqual({
      isMember: false,
      isCaptain: false,
      canInvite: false,
      canLeave: false,
    });
    expect(anon.data.ladders).toHaveLength(1);
    const captain = await page(p1, 'red-dragons');
    expect(captain.data.viewer).toMatchObject({ isCaptain: true, canInvite: true, canLeave: false });
    expect(captain.data.roster.find((r) => r.username === 'player2')).toMatchObject({
      canKick: true,
      canMakeCaptain: true,
    });
    expect((await page(p2, 'red-dragons')).data.viewer).toMatchObject({ isMember: true, canLeave: true });
    expect((await new TestClient(t.app).get('/api/v1/teams/nope')).status).toBe(404);
  });

  it('creates a team with the creator as captain and a unique slug; validates the body', async () => {
    expect((await new TestClient(t.app).post('/api/v1/teams', { name: 'Ghosts', tag: 'GH' })).status).toBe(
      401,
    );
    const res = await admin.post('/api/v1/teams', { name: 'Night Owls', tag: 'OWL' });
    expect(res.status).toBe(201);
    slug = (res.body as { data: { slug: string } }).data.slug;
    expect(slug).toBe('night-owls');
    expect((await page(admin, slug)).data).toMatchObject({ captain: { username: 'admin' } });
    const dup = await p7.post('/api/v1/teams', { name: 'night owls', tag: 'NO' });
    expect(dup).toMatchObject({ status: 422, body: { errors: { name: [TEAM_TEXTS.nameTaken] } } });
    const bad = await p7.post('/api/v1/teams', { name: 'x', tag: 'TOOLONGTAG123' });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(['name', 'tag']);
  });

  it('invites (captain only), notifies, and the invitee accepts or declines', async () => {
    const notCaptain = await p7.post(`/api/v1/teams/${slug}/invitations`, { username: 'player8' });
    expect(notCaptain).toMatchObject({ status: 403, body: { message: TEAM_TEXTS.notCaptain } });
    const unknown = await admin.post(`/api/v1/teams/${slug}/invitations`, { username: 'ghost' });
    expect(unknown).toMatchObject({ status: 422, body: { errors: { username: [TEAM_TEXTS.userNotFound] } } });

    const sent = await admin.post(`/api/v1/teams/${slug}/invitations`, { username: 'player7' });
    expect(sent.status).toBe(201);
    const again = await admin.post(`/api/v1/teams/${slug}/invitations`, { username: 'PLAYER7' });
    expect(again).toMatchObject({ status: 422, body: { errors: { username: [TEAM_TEXTS.alreadyInvited] } } });
    await admin.post(`/api/v1/teams/${slug}/invitations`, { username: 'player8' });

    const note = t.published.filter((p) => p.event === 'OnNotificationReceived').at(-2);
    expect(JSON.stringify(note?.payload)).toContain('invited you to join the team <b>Night Owls</b>');
    expect(JSON.stringify(note?.payload)).toContain(`/team/${slug}`);

    const mine = (await p7.get('/api/v1/team-invitations')).body as Invitations;
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ team: { slug, name: 'Night Owls' }, invitedBy: 'admin' });
    const invitation = mine.data[0]?.id ?? 0;
    expect((await new TestClient(t.app).get('/api/v1/team-invitations')).status).toBe(401);

    // Someone else's invitation is not found.
    expect((await p8.post(`/api/v1/team-invitations/${String(invitation)}/accept`)).status).toBe(404);
    const accepted = await p7.post(`/api/v1/team-invitations/${String(invitation)}/accept`);
    expect(accepted).toMatchObject({ status: 200, body: { message: TEAM_TEXTS.accepted } });
    const twice = await p7.post(`/api/v1/team-invitations/${String(invitation)}/decline`);
    expect(twice).toMatchObject({
      status: 422,
      body: { errors: { invitation: [TEAM_TEXTS.invitationAnswered] } },
    });
    expect((await page(p7, slug)).data.viewer).toMatchObject({ isMember: true, isCaptain: false });

    const p8Invitation = ((await p8.get('/api/v1/team-invitations')).body as Invitations).data[0]?.id ?? 0;
    expect((await p8.post(`/api/v1/team-invitations/${String(p8Invitation)}/decline`)).status).toBe(200);
    expect((await page(admin, slug)).data.roster.map((r) => r.username).sort()).toEqual(['admin', 'player7']);
    const toCaptain = t.published.filter((p) => p.event === 'OnNotificationReceived').at(-1);
    expect(JSON.stringify(toCaptain?.payload)).toContain('declined the invitation');
    const member = await admin.post(`/api/v1/teams/${slug}/invitations`, { username: 'player7' });
    expect(member).toMatchObject({ status: 422, body: { errors: { username: [TEAM_TEXTS.alreadyMember] } } });
  });

  it('captain transfer, kick and leave follow the rules', async () => {
    const p7Id = await idOf('player7');
    const adminId = await idOf('admin');
    expect((await p7.post(`/api/v1/teams/${slug}/captain`, { userId: adminId })).status).toBe(403);
    const leaveAsCaptain = await admin.post(`/api/v1/teams/${slug}/leave`);
    expect(leaveAsCaptain).toMatchObject({
      status: 422,
      body: { errors: { team: [TEAM_TEXTS.captainMustTransfer] } },
    });
    const kickSelf = await admin.post(`/api/v1/teams/${slug}/kick/${String(adminId)}`);
    expect(kickSelf).toMatchObject({ status: 422, body: { errors: { userId: [TEAM_TEXTS.kickSelf] } } });
    expect((await admin.post(`/api/v1/teams/${slug}/captain`, { userId: p7Id })).status).toBe(200);
    expect((await page(p7, slug)).data.captain?.username).toBe('player7');
    expect((await admin.post(`/api/v1/teams/${slug}/kick/${String(p7Id)}`)).status).toBe(403);
    expect((await p7.post(`/api/v1/teams/${slug}/kick/${String(adminId)}`)).status).toBe(200);
    expect((await p7.post(`/api/v1/teams/${slug}/kick/${String(adminId)}`)).status).toBe(404);
    expect((await p8.post(`/api/v1/teams/${slug}/leave`)).status).toBe(403);
    // Alone, the captain may leave: the team had no matches, so it is gone.
    const left = await p7.post(`/api/v1/teams/${slug}/leave`);
    expect(left).toMatchObject({ status: 200, body: { data: { disbanded: true } } });
    expect((await p7.get(`/api/v1/teams/${slug}`)).status).toBe(404);
  });

  it('a player with an active match for the team can neither be kicked nor leave', async () => {
    await p1.post(`/api/v1/ladders/${String(await ladderId(t.app))}/challenges`, {
      opponentTeamId: await teamIdOf(t.app, 'silent-vipers'),
    });
    const p2Id = await idOf('player2');
    const kick = await p1.post(`/api/v1/teams/red-dragons/kick/${String(p2Id)}`);
    expect(kick).toMatchObject({ status: 422, body: { errors: { userId: [TEAM_TEXTS.activeMatch] } } });
    const leave = await p2.post('/api/v1/teams/red-dragons/leave');
    expect(leave).toMatchObject({ status: 422, body: { errors: { team: [TEAM_TEXTS.activeMatchSelf] } } });
    expect((await page(p1, 'red-dragons')).data.roster.find((r) => r.id === p2Id)?.canKick).toBe(false);
    expect((await new TestClient(t.app).post('/api/v1/teams/red-dragons/leave')).status).toBe(401);
  });
});

import { validationErrorAnswer } from '@versus/common/api/primitives';
import {
  answerInvitationAnswer,
  createTeamAnswer,
  invitationsAnswer,
  inviteAnswer,
  leaveTeamAnswer,
  teamCommandAnswer,
  teamPageAnswer,
} from '@versus/common/api/teams';
import { userProfileAnswer } from '@versus/common/api/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, ladderMatch, type TestApp, type TestClient } from '../../test/index.ts';
import { TEAM_TEXTS } from './team.texts.ts';

describe('teams: page, creation, invitations, leave, captain, kick', () => {
  let t: TestApp;
  let p1: TestClient;
  let p2: TestClient;
  let p7: TestClient;
  let p8: TestClient;
  let admin: TestClient;
  let slug: string;

  const page = async (client: TestClient, s: string) =>
    expectAnswer(await client.get(`/api/v1/teams/${s}`), teamPageAnswer);
  const idOf = async (username: string) =>
    expectAnswer(await p1.get(`/api/v1/users/${username}`), userProfileAnswer).data.id;

  beforeAll(async () => {
    t = await buildTestApp();
    [p1, p2, p7, p8, admin] = [
      await t.signIn('player1'),
      await t.signIn('player2'),
      await t.signIn('player7'),
      await t.signIn('player8'),
      await t.signIn('admin'),
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a team with its captain, roster, ladder standing and the viewer flags', async () => {
    const anon = await page(t.client(), 'red-dragons');
    expect(anon.data.captain?.username).toBe('player1');
    expect(anon.data.roster).toHaveLength(5);
    expect(anon.data.roster[0]).toMatchObject({ username: 'player1', isCaptain: true, canKick: false });
    expect(anon.data.viewer).toEqual({
      isMember: false,
      isCaptain: false,
      canInvite: false,
      canLeave: false,
      invitation: null,
    });
    expect(anon.data.ladders).toHaveLength(1);
    const captain = await page(p1, 'red-dragons');
    expect(captain.data.viewer).toMatchObject({ isCaptain: true, canInvite: true, canLeave: false });
    expect(captain.data.roster.find((r) => r.username === 'player2')).toMatchObject({
      canKick: true,
      canMakeCaptain: true,
    });
    expect((await page(p2, 'red-dragons')).data.viewer).toMatchObject({ isMember: true, canLeave: true });
    expect((await t.client().get('/api/v1/teams/nope')).status).toBe(404);
  });

  it('creates a team with the creator as captain and a unique slug; validates the body', async () => {
    expect((await t.client().post('/api/v1/teams', { name: 'Ghosts', tag: 'GH' })).status).toBe(401);
    const res = await admin.post('/api/v1/teams', { name: 'Night Owls', tag: 'OWL' });
    slug = expectAnswer(res, createTeamAnswer, 201).data.slug;
    expect(slug).toBe('night-owls');
    expect((await page(admin, slug)).data).toMatchObject({ captain: { username: 'admin' } });
    const dup = await p7.post('/api/v1/teams', { name: 'night owls', tag: 'NO' });
    expect(dup).toMatchObject({ status: 422, body: { errors: { name: [TEAM_TEXTS.nameTaken] } } });
    const bad = await p7.post('/api/v1/teams', { name: 'x', tag: 'TOOLONGTAG123' });
    expect(Object.keys(expectAnswer(bad, validationErrorAnswer, 422).errors).sort()).toEqual(['name', 'tag']);
  });

  it('invites (captain only), notifies, and the invitee accepts or declines', async () => {
    const notCaptain = await p7.post(`/api/v1/teams/${slug}/invitations`, { username: 'player8' });
    expect(notCaptain).toMatchObject({ status: 403, body: { message: TEAM_TEXTS.notCaptain } });
    const unknown = await admin.post(`/api/v1/teams/${slug}/invitations`, { username: 'ghost' });
    expect(unknown).toMatchObject({ status: 422, body: { errors: { username: [TEAM_TEXTS.userNotFound] } } });

    const sent = await admin.post(`/api/v1/teams/${slug}/invitations`, { username: 'player7' });
    expect(expectAnswer(sent, inviteAnswer, 201).data.status).toBe('pending');
    const again = await admin.post(`/api/v1/teams/${slug}/invitations`, { username: 'PLAYER7' });
    expect(again).toMatchObject({ status: 422, body: { errors: { username: [TEAM_TEXTS.alreadyInvited] } } });
    await admin.post(`/api/v1/teams/${slug}/invitations`, { username: 'player8' });

    const note = t.published.filter((p) => p.event === 'OnNotificationReceived').at(-2);
    expect(JSON.stringify(note?.payload)).toContain('invited you to join the team <b>Night Owls</b>');
    expect(JSON.stringify(note?.payload)).toContain(`/team/${slug}`);

    const mine = expectAnswer(await p7.get('/api/v1/team-invitations'), invitationsAnswer);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ team: { slug, name: 'Night Owls' }, invitedBy: 'admin' });
    const invitation = mine.data[0]?.id ?? 0;
    expect((await t.client().get('/api/v1/team-invitations')).status).toBe(401);

    // Someone else's invitation is not found.
    expect((await p8.post(`/api/v1/team-invitations/${String(invitation)}/accept`)).status).toBe(404);
    const accepted = await p7.post(`/api/v1/team-invitations/${String(invitation)}/accept`);
    expect(expectAnswer(accepted, answerInvitationAnswer)).toMatchObject({
      message: TEAM_TEXTS.accepted,
      data: { team: { slug } },
    });
    const twice = await p7.post(`/api/v1/team-invitations/${String(invitation)}/decline`);
    expect(twice).toMatchObject({
      status: 422,
      body: { errors: { invitation: [TEAM_TEXTS.invitationAnswered] } },
    });
    expect((await page(p7, slug)).data.viewer).toMatchObject({ isMember: true, isCaptain: false });

    const p8Invitation =
      expectAnswer(await p8.get('/api/v1/team-invitations'), invitationsAnswer).data[0]?.id ?? 0;
    const declined = await p8.post(`/api/v1/team-invitations/${String(p8Invitation)}/decline`);
    expect(expectAnswer(declined, answerInvitationAnswer).message).toBe(TEAM_TEXTS.declined);
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
    const transferred = await admin.post(`/api/v1/teams/${slug}/captain`, { userId: p7Id });
    expect(expectAnswer(transferred, teamCommandAnswer)).toEqual({ message: TEAM_TEXTS.captainChanged });
    expect((await page(p7, slug)).data.captain?.username).toBe('player7');
    expect((await admin.post(`/api/v1/teams/${slug}/kick/${String(p7Id)}`)).status).toBe(403);
    const kicked = await p7.post(`/api/v1/teams/${slug}/kick/${String(adminId)}`);
    expect(expectAnswer(kicked, teamCommandAnswer)).toEqual({ message: TEAM_TEXTS.kicked });
    expect((await p7.post(`/api/v1/teams/${slug}/kick/${String(adminId)}`)).status).toBe(404);
    expect((await p8.post(`/api/v1/teams/${slug}/leave`)).status).toBe(403);
    // Alone, the captain may leave: the team had no matches, so it is gone.
    const left = await p7.post(`/api/v1/teams/${slug}/leave`);
    expect(expectAnswer(left, leaveTeamAnswer).data).toEqual({ disbanded: true });
    expect((await p7.get(`/api/v1/teams/${slug}`)).status).toBe(404);
  });

  it('a player with an active match for the team can neither be kicked nor leave', async () => {
    await ladderMatch(t.app, { challenger: p1, opponentSlug: 'silent-vipers' });
    const p2Id = await idOf('player2');
    const kick = await p1.post(`/api/v1/teams/red-dragons/kick/${String(p2Id)}`);
    expect(kick).toMatchObject({ status: 422, body: { errors: { userId: [TEAM_TEXTS.activeMatch] } } });
    const leave = await p2.post('/api/v1/teams/red-dragons/leave');
    expect(leave).toMatchObject({ status: 422, body: { errors: { team: [TEAM_TEXTS.activeMatchSelf] } } });
    expect((await page(p1, 'red-dragons')).data.roster.find((r) => r.id === p2Id)?.canKick).toBe(false);
    expect((await t.client().post('/api/v1/teams/red-dragons/leave')).status).toBe(401);
  });
});

// Team invitations through the HTTP API: the invited player answers from the team page (the notification's
// View leads there), the captain sees and withdraws pending invitations, and only those two may act.
import { notificationsPageSchema } from '@versus/common/api/notifications';
import { messageAnswer, validationErrorAnswer } from '@versus/common/api/primitives';
import {
  answerInvitationAnswer,
  invitationsAnswer,
  inviteAnswer,
  teamPageAnswer,
  withdrawInvitationAnswer,
} from '@versus/common/api/teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectAnswer, type TestApp, type TestClient } from '../../test/index.ts';
import { TEAM_TEXTS } from './team.texts.ts';

describe('team invitations: answered from the team page, withdrawn by the captain', () => {
  let t: TestApp;
  let captain: TestClient;
  let member: TestClient;
  let invitee: TestClient;
  let stranger: TestClient;

  const page = async (client: TestClient) =>
    expectAnswer(await client.get('/api/v1/teams/red-dragons'), teamPageAnswer).data;
  const invite = async (username: string) =>
    expectAnswer(await captain.post('/api/v1/teams/red-dragons/invitations', { username }), inviteAnswer, 201)
      .data.id;
  const latestNotification = async (client: TestClient) =>
    expectAnswer(await client.get('/api/v1/notification'), notificationsPageSchema).data[0];

  beforeAll(async () => {
    t = await buildTestApp();
    // player1 captains Red Dragons, player2 plays on it; player7 and player12 play on other teams.
    [captain, member, invitee, stranger] = [
      await t.signIn('player1'),
      await t.signIn('player2'),
      await t.signIn('player7'),
      await t.signIn('player12'),
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  it('the invited player sees the invitation on the team page; the captain sees it pending', async () => {
    const id = await invite('player7');
    const note = await latestNotification(invitee);
    expect(note?.message).toContain('invited you to join the team <b>Red Dragons</b>');
    expect(note?.data.redirectUrl).toBe('/team/red-dragons');

    expect((await page(invitee)).viewer).toMatchObject({
      isMember: false,
      invitation: { id, invitedBy: 'player1' },
    });
    const pending = (await page(captain)).pendingInvitations;
    expect(pending.map(({ id: pid, username, canWithdraw }) => ({ pid, username, canWithdraw }))).toEqual([
      { pid: id, username: 'player7', canWithdraw: true },
    ]);
    expect(Date.parse(pending[0]?.invitedAt ?? '')).toBe(t.clock.now());
    // Nobody else learns who is invited, and has no invitation of their own here.
    for (const other of [member, stranger, t.client()]) {
      const seen = await page(other);
      expect(seen.pendingInvitations).toEqual([]);
      expect(seen.viewer.invitation).toBeNull();
    }
  });

  it('only the captain withdraws; strangers are told it does not exist', async () => {
    const id = (await page(invitee)).viewer.invitation?.id ?? 0;
    const url = `/api/v1/team-invitations/${String(id)}/withdraw`;
    expect((await t.client().post(url)).status).toBe(401);
    for (const notCaptain of [member, invitee]) {
      const refused = await notCaptain.post(url);
      expect(expectAnswer(refused, messageAnswer, 403).message).toBe(TEAM_TEXTS.notCaptain);
    }
    const hidden = await stranger.post(url);
    expect(expectAnswer(hidden, messageAnswer, 404).message).toBe(TEAM_TEXTS.invitationNotFound);
    expect((await captain.post('/api/v1/team-invitations/999999/withdraw')).status).toBe(404);
    // Only the invited player answers: anyone else's accept finds nothing.
    expect((await member.post(`/api/v1/team-invitations/${String(id)}/accept`)).status).toBe(404);
    expect((await page(invitee)).viewer.invitation?.id).toBe(id);
  });

  it('a withdrawn invitation is gone from both sides, and answering it is refused', async () => {
    const id = (await page(invitee)).viewer.invitation?.id ?? 0;
    const withdrawn = await captain.post(`/api/v1/team-invitations/${String(id)}/withdraw`);
    expect(expectAnswer(withdrawn, withdrawInvitationAnswer)).toEqual({ message: TEAM_TEXTS.withdrawn });

    expect((await page(captain)).pendingInvitations).toEqual([]);
    expect((await page(invitee)).viewer.invitation).toBeNull();
    expect(expectAnswer(await invitee.get('/api/v1/team-invitations'), invitationsAnswer).data).toEqual([]);
    const note = await latestNotification(invitee);
    expect(note?.message).toContain(
      '<b>player1</b> withdrew your invitation to join the team <b>Red Dragons</b>',
    );

    for (const action of ['accept', 'decline', 'withdraw'] as const) {
      const client = action === 'withdraw' ? captain : invitee;
      const late = await client.post(`/api/v1/team-invitations/${String(id)}/${action}`);
      expect(expectAnswer(late, validationErrorAnswer, 422).errors).toEqual({
        invitation: [TEAM_TEXTS.invitationWithdrawn],
      });
    }
    expect((await page(invitee)).viewer.isMember).toBe(false);
  });

  it('invited again, the player declines, then accepts a new one and joins', async () => {
    const first = await invite('player7');
    const declined = await invitee.post(`/api/v1/team-invitations/${String(first)}/decline`);
    expect(expectAnswer(declined, answerInvitationAnswer).message).toBe(TEAM_TEXTS.declined);
    expect((await latestNotification(captain))?.message).toContain(
      'declined the invitation to <b>Red Dragons</b>',
    );
    const late = await captain.post(`/api/v1/team-invitations/${String(first)}/withdraw`);
    expect(expectAnswer(late, validationErrorAnswer, 422).errors).toEqual({
      invitation: [TEAM_TEXTS.invitationAnswered],
    });

    const second = await invite('player7');
    expect((await page(invitee)).viewer.invitation?.id).toBe(second);
    const accepted = await invitee.post(`/api/v1/team-invitations/${String(second)}/accept`);
    expect(expectAnswer(accepted, answerInvitationAnswer).data.team.url).toBe('/team/red-dragons');
    const after = await page(invitee);
    expect(after.viewer).toMatchObject({ isMember: true, invitation: null });
    expect(after.roster.map((r) => r.username)).toContain('player7');
    expect((await page(captain)).pendingInvitations).toEqual([]);
  });
});

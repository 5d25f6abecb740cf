// Invitations: a captain invites a player by username; the player accepts (joins) or declines, or the
// captain withdraws it while it is pending. Each side is told through notifications; the invitee's links
// to the team page, which offers that invitee Accept and Decline while the invitation is pending.
import type { Db } from '../../db/client.ts';
import type { TeamInvitationRow, UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import {
  createNotifications,
  publishNotifications,
  teamNotificationMessage,
} from '../notifications/index.ts';
import { findUserByUsername } from '../users/index.ts';
import { canWithdrawInvitation, isCaptain } from './team.policies.ts';
import {
  answerInvitation,
  captainOf,
  findInvitation,
  findMembership,
  insertInvitation,
  insertMember,
  lockInvitation,
  lockOwnInvitation,
  lockTeam,
  pendingInvitation,
  userPendingInvitations,
} from './team.repository.ts';
import { lockTeamFor } from './team.service.ts';
import type { TeamDeps } from './team.service.ts';
import { TEAM_TEXTS } from './team.texts.ts';
import { pagesChanged } from '../../core/page-cache.ts';

export async function invitePlayer(deps: TeamDeps, user: UserRow, slug: string, username: string) {
  const invitee = await findUserByUsername(deps.db, username);
  const result = await deps.db.transaction(async (tx) => {
    const { team, me } = await lockTeamFor(tx, slug, user.id);
    if (!isCaptain(me)) throw new ForbiddenError(TEAM_TEXTS.notCaptain);
    if (!invitee) throw new ValidationError({ username: [TEAM_TEXTS.userNotFound] });
    if (await findMembership(tx, team.id, invitee.id))
      throw new ValidationError({ username: [TEAM_TEXTS.alreadyMember] });
    if (await pendingInvitation(tx, team.id, invitee.id))
      throw new ValidationError({ username: [TEAM_TEXTS.alreadyInvited] });
    const invitation = await insertInvitation(tx, {
      teamId: team.id,
      userId: invitee.id,
      invitedByUserId: user.id,
      now: new Date(deps.now()),
    });
    const notes = await createNotifications(
      tx,
      [
        {
          userId: invitee.id,
          type: 'team-invitation',
          message: teamNotificationMessage('team-invitation', {
            teamName: team.name,
            username: user.username,
          }),
          data: { redirectUrl: `/team/${team.slug}`, teamId: team.id, invitationId: invitation.id },
        },
      ],
      deps.now(),
    );
    return { invitation, notes };
  });
  await pagesChanged(deps);
  await publishNotifications(deps, result.notes);
  return {
    message: TEAM_TEXTS.invited,
    data: { id: result.invitation.id, userId: result.invitation.userId, status: result.invitation.status },
  };
}

/** The signed-in user's pending invitations. */
export async function myInvitations(db: Db, user: UserRow) {
  const rows = await userPendingInvitations(db, user.id);
  return {
    data: rows.map((r) => ({
      id: r.invitation.id,
      status: r.invitation.status,
      createdAt: r.invitation.createdAt.toISOString(),
      invitedBy: r.invitedBy,
      team: { ...r.team, url: `/team/${r.team.slug}` },
    })),
  };
}

/** Accepts or declines one of the user's own pending invitations (anyone else's answers 404). */
export async function answerOwnInvitation(deps: TeamDeps, user: UserRow, id: number, accept: boolean) {
  const now = new Date(deps.now());
  const result = await deps.db.transaction(async (tx) => {
    const invitation = await lockOwnInvitation(tx, id, user.id);
    if (!invitation) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
    const team = await lockTeam(tx, invitation.teamId);
    if (!team) throw new NotFoundError(TEAM_TEXTS.notFound);
    refuseUnlessPending(invitation.status);
    await answerInvitation(tx, invitation.id, accept ? 'accepted' : 'declined', now);
    if (accept) await insertMember(tx, team.id, user.id, false, now);
    const tell = (await captainOf(tx, team.id)) ?? invitation.invitedByUserId;
    const kind = accept ? 'team-invitation-accepted' : 'team-invitation-declined';
    const notes =
      tell === null || tell === user.id
        ? []
        : await createNotifications(
            tx,
            [
              {
                userId: tell,
                type: kind,
                message: teamNotificationMessage(kind, { teamName: team.name, username: user.username }),
                data: { redirectUrl: `/team/${team.slug}`, teamId: team.id },
              },
            ],
            deps.now(),
          );
    return { team, notes };
  });
  await pagesChanged(deps);
  await publishNotifications(deps, result.notes);
  return {
    message: accept ? TEAM_TEXTS.accepted : TEAM_TEXTS.declined,
    data: { team: { id: result.team.id, slug: result.team.slug, url: `/team/${result.team.slug}` } },
  };
}

/** A settled invitation cannot be answered or withdrawn again; a withdrawn one says so. */
function refuseUnlessPending(status: TeamInvitationRow['status']): void {
  if (status === 'pending') return;
  throw new ValidationError({
    invitation: [status === 'withdrawn' ? TEAM_TEXTS.invitationWithdrawn : TEAM_TEXTS.invitationAnswered],
  });
}

/**
 * The captain takes back a pending invitation of their team; the invited player is told, and answering
 * it afterwards is refused. Someone with nothing to do with the team (neither on it nor invited) gets
 * 404, exactly as for a missing invitation; a member or the invitee who is not the captain gets 403.
 */
export async function withdrawInvitation(deps: TeamDeps, user: UserRow, id: number) {
  const found = await findInvitation(deps.db, id);
  if (!found) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
  const result = await deps.db.transaction(async (tx) => {
    // The team first, then the invitation: the order inviting, leaving and kicking take.
    const team = await lockTeam(tx, found.teamId);
    const invitation = await lockInvitation(tx, id);
    if (!team || !invitation) throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
    const row = await findMembership(tx, team.id, user.id);
    const me = row ? { userId: user.id, isCaptain: row.isCaptain } : null;
    if (!canWithdrawInvitation(me)) {
      if (me === null && invitation.userId !== user.id)
        throw new NotFoundError(TEAM_TEXTS.invitationNotFound);
      throw new ForbiddenError(TEAM_TEXTS.notCaptain);
    }
    refuseUnlessPending(invitation.status);
    await answerInvitation(tx, invitation.id, 'withdrawn', new Date(deps.now()));
    const notes = await createNotifications(
      tx,
      [
        {
          userId: invitation.userId,
          type: 'team-invitation-withdrawn',
          message: teamNotificationMessage('team-invitation-withdrawn', {
            teamName: team.name,
            username: user.username,
          }),
          data: { redirectUrl: `/team/${team.slug}`, teamId: team.id, invitationId: invitation.id },
        },
      ],
      deps.now(),
    );
    return { notes };
  });
  await pagesChanged(deps);
  await publishNotifications(deps, result.notes);
  return { message: TEAM_TEXTS.withdrawn };
}

// Messages of team and tournament notifications. HTML built from escaped names only.
import { assertNever } from '@versus/common/match/assert-never';
import { escapeHtml } from '../../lib/html.ts';

export type TeamNotifyKind =
  | 'team-invitation'
  | 'team-invitation-accepted'
  | 'team-invitation-declined'
  | 'team-invitation-withdrawn'
  | 'team-kicked'
  | 'team-captain'
  | 'tournament-started'
  | 'tournament-won';

export interface TeamSubject {
  teamName: string;
  /** The other person involved (the inviter, the invitee), when there is one. */
  username?: string;
  tournamentName?: string;
}

export function teamNotificationMessage(kind: TeamNotifyKind, s: TeamSubject): string {
  const team = `<b>${escapeHtml(s.teamName)}</b>`;
  const user = `<b>${escapeHtml(s.username ?? 'Someone')}</b>`;
  const tournament = `<b>${escapeHtml(s.tournamentName ?? 'the tournament')}</b>`;
  switch (kind) {
    case 'team-invitation':
      return `${user} invited you to join the team ${team}.`;
    case 'team-invitation-accepted':
      return `${user} accepted the invitation and joined ${team}.`;
    case 'team-invitation-declined':
      return `${user} declined the invitation to ${team}.`;
    case 'team-invitation-withdrawn':
      return `${user} withdrew your invitation to join the team ${team}.`;
    case 'team-kicked':
      return `You were removed from the team ${team}.`;
    case 'team-captain':
      return `You are now the captain of ${team}.`;
    case 'tournament-started':
      return `${tournament} has started: the bracket of ${team} is ready.`;
    case 'tournament-won':
      return `${team} won ${tournament}!`;
    default:
      return assertNever(kind);
  }
}

// The message of each kind of match notification. HTML built from escaped names only.
import type { NotifyKind } from '@versus/common/match/events';
import { assertNever } from '@versus/common/match/assert-never';
import { escapeHtml } from '../../lib/html.ts';

/** What a notification text may name. */
export interface NotificationSubject {
  matchId: number;
  challengerName: string;
  opponentName: string;
  bestOf: number;
}

/** Kinds the server sends that the machine does not (nothing creates a match through a command). */
export type ServerNotifyKind = 'challenge-received' | 'game-server-ready' | 'match-starting-soon';

export function notificationMessage(kind: NotifyKind | ServerNotifyKind, s: NotificationSubject): string {
  const challenger = `<b>${escapeHtml(s.challengerName)}</b>`;
  const opponent = `<b>${escapeHtml(s.opponentName)}</b>`;
  const match = `${challenger} vs ${opponent}`;
  switch (kind) {
    case 'challenge-received':
      return `${challenger} challenged your team ${opponent} to a best of ${String(s.bestOf)}.`;
    case 'challenge-accepted':
      return `${opponent} accepted your challenge.`;
    case 'challenge-declined':
      return `${opponent} declined your challenge.`;
    case 'challenge-cancelled':
      return `${challenger} cancelled their challenge.`;
    case 'match-cancelled':
      return `The match ${match} was cancelled.`;
    case 'ready-check-started':
      return `The ready check of ${match} has started: set your team ready.`;
    case 'veto-started':
      return `The map veto of ${match} has started.`;
    case 'match-forfeited':
      return `The match ${match} was decided by forfeit at the ready check.`;
    case 'player-select-started':
      return `Player select of ${match} has started.`;
    case 'teams-balanced':
      return `The teams of ${match} were balanced: vote for the server location.`;
    case 'score-entered':
      return `A score was entered for ${match}: approve or disapprove it.`;
    case 'score-approved':
      return `The score of ${match} was approved.`;
    case 'score-disapproved':
      return `The score of ${match} was disapproved: enter it again.`;
    case 'match-disputed':
      return `The match ${match} is disputed.`;
    case 'dispute-resolved':
      return `An admin resolved the dispute of ${match}.`;
    case 'sub-added':
      return `You were added as a substitute to ${match}.`;
    case 'result-awarded':
      return `An admin awarded the result of ${match}: see the match for the reason.`;
    case 'match-walkover':
      return `An admin decided ${match} by walkover: see the match for the reason.`;
    case 'time-proposed':
      return `New start times were proposed for ${match}: accept one or propose others.`;
    case 'time-agreed':
      return `The start time of ${match} was agreed.`;
    case 'time-defaulted':
      return `No start time was agreed for ${match} before the round deadline: the admin's default time applies.`;
    case 'time-forfeited':
      return `No start time was agreed for ${match} before the round deadline: it was decided by the forfeit rule.`;
    case 'match-starting-soon':
      return `${match} starts in 15 minutes.`;
    case 'game-server-ready':
      return `The game server of ${match} is being generated.`;
    default:
      return assertNever(kind);
  }
}

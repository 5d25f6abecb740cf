// Answers as the API sends them, typed by the schemas of `@versus/common/api/*`, so a fixture cannot drift
// from what the server answers. Override what a test cares about.
import type { ActiveMatch, ActiveMatchesPage } from '@versus/common/api/active-matches';
import type { Ticket, TicketMessage } from '@versus/common/api/disputes';
import type { Notification, NotificationsPage } from '@versus/common/api/notifications';
import type { CurrentUser } from '@versus/common/api/users';
import { STATUS } from '@versus/common/match/statuses';

/** A signed-in player as `GET /api/v1/auth/me` presents one. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const username = overrides.username ?? 'Soap';
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    username,
    email: `${username.toLowerCase()}@example.com`,
    image: null,
    flag: null,
    color: null,
    backgroundColor: null,
    formattedUsername: `<span>${username}</span>`,
    className: null,
    formattedClassName: null,
    role: 'player',
    elo: 1000,
    ...overrides,
  };
}

/** One row of the Active games panel: a ladder challenge of Red Dragons, opponent not named. */
export function makeActiveMatch(overrides: Partial<ActiveMatch> = {}): ActiveMatch {
  return {
    id: 1,
    tournamentId: null,
    startDate: null,
    expectedStartDate: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    challengerTeamName: 'Red Dragons',
    opponentTeamName: null,
    statusId: STATUS.challenge,
    ...overrides,
  };
}

/** One page of the Active games panel holding `matches`. */
export function makeActiveMatchesPage(
  matches: ActiveMatch[],
  overrides: Partial<ActiveMatchesPage> = {},
): ActiveMatchesPage {
  return {
    data: matches,
    userActiveMatchesCount: matches.length,
    current_page: 1,
    last_page: 1,
    per_page: 10,
    total: matches.length,
    ...overrides,
  };
}

/** A notification as the panel lists it and `OnNotificationReceived` carries it. */
export function makeNotification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    message: `<b>Note ${id}</b>`,
    createdAt: '2025-03-01T18:00:00.000Z',
    createdAtTime: '2025-03-01T18:00:00.000Z',
    data: { redirectUrl: null },
    ...overrides,
  };
}

/** The only page of `notifications`, with `unseen` ids. */
export function makeNotificationsPage(
  notifications: Notification[],
  unseen: number[] = [],
): NotificationsPage {
  const count = notifications.length;
  return {
    data: notifications,
    meta: {
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: count,
      from: count > 0 ? 1 : null,
      to: count > 0 ? count : null,
    },
    links: {
      first: '/api/v1/notification?page=1',
      last: '/api/v1/notification?page=1',
      prev: null,
      next: null,
    },
    unseenNotifications: unseen,
  };
}

/** A message on a ticket, written by player2. */
export function makeTicketMessage(id: number, message: string): TicketMessage {
  return {
    id,
    message,
    user: { id: 2, username: 'player2', formattedUsername: 'player2' },
    createdAt: '2026-11-22T10:05:00.000Z',
  };
}

/** An open dispute ticket of match 9 (A vs B), opened by player1. */
export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 4,
    status: 'open',
    description: 'They had six players',
    resolution: null,
    resolutionNote: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    resolvedAt: null,
    openedBy: { id: 1, username: 'player1', formattedUsername: '<span>player1</span>' },
    match: {
      id: 9,
      url: '/match/9',
      statusId: STATUS.disputed,
      statusName: 'Disputed',
      challengerName: 'A',
      opponentName: 'B',
      score: { challenger: null, opponent: null },
    },
    messages: [],
    canResolve: false,
    ...overrides,
  };
}

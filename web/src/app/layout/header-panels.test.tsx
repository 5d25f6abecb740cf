import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ActiveMatchesPage } from '@versus/common/api/active-matches';
import type { MarkSeenAnswer } from '@versus/common/api/notifications';
import { STATUS } from '@versus/common/match/statuses';
import {
  makeActiveMatch,
  makeActiveMatchesPage,
  makeNotification,
  makeNotificationsPage,
  makeUser,
} from '@/testing/factories';
import { fakeApi } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { renderApp } from '@/testing/render-app';

const note = (id: number, redirectUrl: string | null = null) =>
  makeNotification(id, {
    message: `<b>Note ${id}</b><img src=x onerror="alert(1)">`,
    createdAtTime: '2025-03-01T18:05:00.000Z',
    data: { redirectUrl },
  });

const notificationsPage = (ids: number[], unseen: number[]) =>
  makeNotificationsPage(
    ids.map((id) => note(id, id === ids[0] ? '/match/7' : null)),
    unseen,
  );

const activeMatches: { data: ActiveMatchesPage } = {
  data: makeActiveMatchesPage([makeActiveMatch({ id: 7, statusId: STATUS.readyUp })], {
    userActiveMatchesCount: 3,
  }),
};

const seenAnswer: MarkSeenAnswer = {
  message: 'Notifications have been marked as seen.',
  data: { updated: 1 },
};

function setup(ids: number[], unseen: number[]) {
  const seen: unknown[] = [];
  const api = fakeApi({
    'GET /api/v1/auth/me': { status: 200, body: { data: makeUser({ id: 5 }) } },
    'GET /api/v1/match/user-active-matches': { status: 200, body: activeMatches },
    'GET /api/v1/notification': { status: 200, body: notificationsPage(ids, unseen) },
    'POST /api/v1/notification/seen': (request: InternalAxiosRequestConfig) => {
      seen.push(JSON.parse(String(request.data)));
      return { status: 200, body: seenAnswer };
    },
    'POST /api/v1/notification/mark-as-seen-all-notifications': { status: 500, body: {} },
  });
  const echo = installFakeEcho();
  return { api, echo, seen };
}

describe('header panels', () => {
  it('shows the active games with date, both names (TBD when missing) and the status badge', async () => {
    setup([], []);
    localStorage.setItem('showMatches', 'true');
    renderApp();
    const panel = await screen.findByRole('region', { name: 'Active games' });
    const link = await within(panel).findByRole('link', { name: /Red Dragons vs TBD/ });
    expect(link.getAttribute('href')).toBe('/match/7');
    expect(link.textContent).toContain('Ready up');
    // The date in the viewer's locale (jsdom speaks en-US), not the API's ISO string.
    expect(within(link).getByText(/^(Feb 28|Mar 1), 2025, \d{1,2}:\d\d\s[AP]M$/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Active games 3' })).toBeTruthy();
  });

  it('counts unseen notifications, marks the shown ones seen, and sanitizes their HTML', async () => {
    const { seen } = setup([2, 1], [2]);
    renderApp();
    expect(await screen.findByRole('button', { name: 'Notifications 1' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await within(panel).findByText('Note 2');
    expect(panel.querySelector('[onerror]')).toBeNull();
    expect(within(panel).getByRole('link', { name: /View/ }).getAttribute('href')).toBe('/match/7');
    expect(within(panel).getAllByRole('button', { name: /Delete/ })).toHaveLength(2);
    await waitFor(() => expect(seen).toEqual([{ notificationIds: [2] }]));
    expect(await screen.findByRole('button', { name: 'Notifications 0' })).toBeTruthy();
    expect(within(panel).getByText('New')).toBeTruthy();
  });

  it('prepends a live notification while fewer than 15 are listed, else refetches', async () => {
    const { api, echo } = setup([1], []);
    renderApp();
    await screen.findByRole('button', { name: 'Notifications 0' });
    await waitFor(() => expect(echo.channels.has('notification.5')).toBe(true));
    const channel = echo.channel('notification.5');
    act(() => channel.succeed());
    const fetches = () => api.requests.filter((r) => r.url === '/api/v1/notification').length;
    const before = fetches();

    act(() => channel.emit('OnNotificationReceived', { notification: note(9) }));
    expect(await screen.findByRole('button', { name: 'Notifications 1' })).toBeTruthy();
    expect(fetches()).toBe(before);

    // 15 listed now: the next one makes the list refetch instead.
    for (let id = 10; id < 23; id++)
      act(() => channel.emit('OnNotificationReceived', { notification: note(id) }));
    expect(await screen.findByRole('button', { name: 'Notifications 14' })).toBeTruthy();
    expect(fetches()).toBe(before);
    act(() => channel.emit('OnNotificationReceived', { notification: note(30) }));
    await waitFor(() => expect(fetches()).toBe(before + 1));
  });

  it('shows the spec toast when marking all as seen fails', async () => {
    setup([], []);
    localStorage.setItem('showNotifications', 'true');
    renderApp();
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText("You don't have any notifications!")).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as seen' }));
    expect(await screen.findByText('Failed to mark all notifications as seen.')).toBeTruthy();
  });

  it('clears the "New" tags at once when marking all as seen succeeds', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: { data: makeUser({ id: 5 }) } },
      'GET /api/v1/match/user-active-matches': { status: 200, body: activeMatches },
      'GET /api/v1/notification': { status: 200, body: notificationsPage([2, 1], [2, 1]) },
      'POST /api/v1/notification/seen': { status: 200, body: seenAnswer },
      'POST /api/v1/notification/mark-as-seen-all-notifications': { status: 200, body: seenAnswer },
    });
    installFakeEcho();
    localStorage.setItem('showNotifications', 'true');
    renderApp();
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByText('New')).toHaveLength(2));

    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as seen' }));
    expect(await screen.findByText('Notifications have been marked as seen.')).toBeTruthy();
    expect(within(panel).queryAllByText('New')).toHaveLength(0);
    expect(within(panel).getByText('Note 2')).toBeTruthy();
  });
});

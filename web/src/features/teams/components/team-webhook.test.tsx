// The team page's webhook panel: its captain registers the team's one endpoint (what it sends), reads its
// secret, removes it after a confirmation; a refused URL shows under its field; a member who is not the
// captain sees no panel.
import type { TeamPage } from '@versus/common/api/teams';
import type { Webhook } from '@versus/common/api/webhooks';
import { WEBHOOK_EVENTS } from '@versus/common/webhooks/events';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TeamPageView } from './team-page';

const viewer = (isCaptain: boolean): TeamPage['viewer'] => ({
  isMember: true,
  isCaptain,
  canInvite: isCaptain,
  canLeave: true,
  invitation: null,
});

const team = (isCaptain: boolean): TeamPage => ({
  id: 3,
  name: 'Red Dragons',
  tag: 'RD',
  slug: 'red-dragons',
  url: '/team/red-dragons',
  image: null,
  rating: 1000,
  ratingProvisional: false,
  createdAt: '2025-01-01T10:00:00.000Z',
  captain: { id: 1, username: 'Soap' },
  roster: [],
  ladders: [],
  seasonHistory: [],
  recentMatches: [],
  pendingInvitations: [],
  viewer: viewer(isCaptain),
});

const hook: Webhook = {
  id: 12,
  type: 'generic',
  name: 'Dragons bot',
  url: 'https://bot.example.com/dragons',
  secret: 'the-secret-of-the-dragons-bot',
  events: ['match.created', 'match.result'],
  ladderIds: [],
  tournamentIds: [],
  teamId: 3,
  ownerUsername: 'Soap',
  enabled: true,
  pausedAt: null,
  failingSince: null,
  createdAt: '2025-01-01T10:00:00.000Z',
};

const path = '/api/v1/teams/red-dragons/webhooks';

describe("the team page's webhook panel", () => {
  it('lets the captain register the team webhook, read its secret and remove it', async () => {
    let registered: Webhook[] = [];
    const api = fakeApi({
      'GET /api/v1/teams/red-dragons': { status: 200, body: { data: team(true) } },
      [`GET ${path}`]: () => ({ status: 200, body: { data: registered } }),
      [`POST ${path}`]: () => {
        registered = [hook];
        return { status: 201, body: { data: hook } };
      },
      [`DELETE ${path}/12`]: () => {
        registered = [];
        return { status: 200, body: { message: 'Webhook removed.' } };
      },
    });
    renderWithProviders(<TeamPageView slug="red-dragons" />);
    const form = await screen.findByRole('form', { name: "Register the team's webhook" });
    fireEvent.change(within(form).getByLabelText('Type'), { target: { value: 'generic' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Dragons bot' } });
    fireEvent.change(within(form).getByLabelText('URL'), {
      target: { value: 'https://bot.example.com/dragons' },
    });
    for (const event of WEBHOOK_EVENTS.filter((e) => e !== 'match.created' && e !== 'match.result')) {
      fireEvent.click(within(form).getByLabelText(event));
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Register webhook' }));

    expect(await screen.findByText('Dragons bot is registered.')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'post');
    expect(JSON.parse(String(post?.data))).toEqual({
      type: 'generic',
      name: 'Dragons bot',
      url: 'https://bot.example.com/dragons',
      events: ['match.created', 'match.result'],
    });
    const panel = await screen.findByRole('group', { name: 'Webhook Dragons bot' });
    expect(within(panel).getByText('the-secret-of-the-dragons-bot')).toBeTruthy();
    expect(within(panel).getByText('Events: match.created, match.result')).toBeTruthy();
    expect(screen.queryByRole('form', { name: "Register the team's webhook" })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Remove webhook' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Dragons bot?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
    expect(await screen.findByText('Webhook removed.')).toBeTruthy();
    await waitFor(() => expect(api.requests.some((r) => r.method === 'delete')).toBe(true));
    expect(await screen.findByRole('form', { name: "Register the team's webhook" })).toBeTruthy();
  });

  it('shows a refused URL under its field', async () => {
    fakeApi({
      'GET /api/v1/teams/red-dragons': { status: 200, body: { data: team(true) } },
      [`GET ${path}`]: { status: 200, body: { data: [] } },
      [`POST ${path}`]: {
        status: 422,
        body: {
          message: 'The url field must not point at a loopback or private address.',
          errors: { url: ['The url field must not point at a loopback or private address.'] },
        },
      },
    });
    renderWithProviders(<TeamPageView slug="red-dragons" />);
    const form = await screen.findByRole('form', { name: "Register the team's webhook" });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Bot' } });
    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'http://10.0.0.1/x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Register webhook' }));
    expect(
      await within(form).findByText('The url field must not point at a loopback or private address.'),
    ).toBeTruthy();
  });

  it('lets the captain turn a paused endpoint on again; an admin\'s "off" has no such button', async () => {
    let current: Webhook = {
      ...hook,
      pausedAt: '2025-01-02T10:00:00.000Z',
      failingSince: '2025-01-01T10:00:00.000Z',
    };
    const api = fakeApi({
      'GET /api/v1/teams/red-dragons': { status: 200, body: { data: team(true) } },
      [`GET ${path}`]: () => ({ status: 200, body: { data: [current] } }),
      [`POST ${path}/12/resume`]: () => {
        current = { ...hook };
        return { status: 200, body: { data: current } };
      },
    });
    renderWithProviders(<TeamPageView slug="red-dragons" />);
    const panel = await screen.findByRole('group', { name: 'Webhook Dragons bot' });
    expect(
      within(panel).getByText('Paused after failing for a day: fix the receiver, then turn it on again.'),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Turn on again' }));
    expect(await screen.findByText('Dragons bot is on again.')).toBeTruthy();
    expect(await within(panel).findByText('On')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Turn on again' })).toBeNull();
    expect(api.requests.some((r) => r.method === 'post' && r.url === `${path}/12/resume`)).toBe(true);
  });

  it('says an endpoint an admin turned off is off, with no button to turn it on', async () => {
    fakeApi({
      'GET /api/v1/teams/red-dragons': { status: 200, body: { data: team(true) } },
      [`GET ${path}`]: {
        status: 200,
        body: { data: [{ ...hook, enabled: false, pausedAt: '2025-01-02T10:00:00.000Z' }] },
      },
    });
    renderWithProviders(<TeamPageView slug="red-dragons" />);
    const panel = await screen.findByRole('group', { name: 'Webhook Dragons bot' });
    expect(within(panel).getByText('Turned off by an admin')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Turn on again' })).toBeNull();
  });

  it('is not shown to a member who is not the captain', async () => {
    const api = fakeApi({
      'GET /api/v1/teams/red-dragons': { status: 200, body: { data: team(false) } },
    });
    renderWithProviders(<TeamPageView slug="red-dragons" />);
    expect(await screen.findByRole('heading', { name: /Red Dragons/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Webhook' })).toBeNull();
    expect(api.requests.some((r) => r.url === path)).toBe(false);
  });
});

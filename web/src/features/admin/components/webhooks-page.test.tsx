// The admin Webhooks page's form: the events and the competitions an endpoint hears (ladders and
// tournaments still to play; none ticked: every match), what it sends, and what each endpoint's card says
// it hears.
import { fireEvent, screen, within } from '@testing-library/react';
import type { Webhook } from '@versus/common/api/webhooks';
import { WEBHOOK_EVENTS } from '@versus/common/webhooks/events';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, makeLadder, makeTournament } from '@/testing/admin-factories';
import { renderApp } from '@/testing/render-app';

const webhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: 4,
  type: 'generic',
  name: 'League bot',
  url: 'https://bot.example.com/versus',
  secret: 'a-secret-of-the-bot-000',
  events: ['match.result'],
  ladderIds: [],
  tournamentIds: [],
  teamId: null,
  ownerUsername: 'admin',
  enabled: true,
  pausedAt: null,
  failingSince: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  ...overrides,
});

const competitions = {
  'GET /api/v1/admin/ladders': {
    status: 200,
    body: {
      data: [makeLadder(), makeLadder({ id: 5, name: 'Old Ladder', archivedAt: '2024-01-01T00:00:00.000Z' })],
    },
  },
  'GET /api/v1/admin/tournaments': {
    status: 200,
    body: {
      data: [
        makeTournament(),
        makeTournament({ id: 9, name: 'Winter Cup', status: 'running' }),
        makeTournament({ id: 11, name: 'Autumn Cup', status: 'finished' }),
      ],
    },
  },
};

describe('the admin Webhooks page', () => {
  it('registers an endpoint for the ladders and tournaments the admin ticks', async () => {
    const api = fakeAdminApi({
      ...competitions,
      'GET /api/v1/admin/webhooks': { status: 200, body: { data: [] } },
      'POST /api/v1/admin/webhooks': { status: 201, body: { data: webhook() } },
    });
    renderApp('/admin/webhooks');
    const form = await screen.findByRole('form', { name: 'Register an endpoint' });
    const picker = within(form).getByRole('group', { name: 'Competitions' });
    expect(within(picker).getByText('None ticked: every match, solo-queue included.')).toBeTruthy();
    const ladders = await within(picker).findByRole('group', { name: 'Ladders' });
    const cups = within(picker).getByRole('group', { name: 'Tournaments' });
    // Only competitions with matches to come: no archived ladder, no finished tournament.
    expect(
      within(ladders)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent?.trim()),
    ).toEqual(['CoD4 5v5 Ladder']);
    expect(
      within(cups)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent?.trim()),
    ).toEqual(['Spring Cup', 'Winter Cup']);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'League bot' } });
    fireEvent.change(within(form).getByLabelText('URL'), {
      target: { value: 'https://bot.example.com/versus' },
    });
    fireEvent.click(within(ladders).getByLabelText('CoD4 5v5 Ladder'));
    fireEvent.click(within(cups).getByLabelText('Winter Cup'));
    fireEvent.click(within(form).getByRole('button', { name: 'Register endpoint' }));

    expect(await screen.findByText('League bot is registered.')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'post');
    expect(post?.url).toBe('/api/v1/admin/webhooks');
    expect(JSON.parse(String(post?.data))).toEqual({
      type: 'generic',
      name: 'League bot',
      url: 'https://bot.example.com/versus',
      events: [...WEBHOOK_EVENTS],
      ladderIds: [2],
      tournamentIds: [9],
    });
  });

  it('sends empty lists when nothing is ticked, and each card says what its endpoint hears', async () => {
    const api = fakeAdminApi({
      ...competitions,
      'GET /api/v1/admin/webhooks': {
        status: 200,
        body: {
          data: [
            webhook(),
            webhook({ id: 5, name: 'Cup feed', ladderIds: [2], tournamentIds: [11] }),
            webhook({ id: 6, name: 'Dragons bot', teamId: 3, ownerUsername: 'player1' }),
          ],
        },
      },
      'GET /api/v1/admin/webhooks/4/deliveries': { status: 200, body: { data: [] } },
      'GET /api/v1/admin/webhooks/5/deliveries': { status: 200, body: { data: [] } },
      'GET /api/v1/admin/webhooks/6/deliveries': { status: 200, body: { data: [] } },
      'POST /api/v1/admin/webhooks': { status: 201, body: { data: webhook({ id: 7, name: 'Everything' }) } },
    });
    renderApp('/admin/webhooks');
    const card = (name: string) => screen.findByRole('region', { name });
    expect(within(await card('League bot')).getByText('Hears: every match')).toBeTruthy();
    expect(within(await card('Cup feed')).getByText('Hears: CoD4 5v5 Ladder, Autumn Cup')).toBeTruthy();
    expect(within(await card('Dragons bot')).getByText("Hears: its team's matches")).toBeTruthy();

    const form = await screen.findByRole('form', { name: 'Register an endpoint' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Everything' } });
    fireEvent.change(within(form).getByLabelText('URL'), {
      target: { value: 'https://bot.example.com/all' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Register endpoint' }));
    expect(await screen.findByText('Everything is registered.')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'post');
    expect(JSON.parse(String(post?.data))).toMatchObject({ ladderIds: [], tournamentIds: [] });
  });

  it('shows a refused competitions list under the picker', async () => {
    fakeAdminApi({
      ...competitions,
      'GET /api/v1/admin/webhooks': { status: 200, body: { data: [] } },
      'POST /api/v1/admin/webhooks': {
        status: 422,
        body: {
          message: 'The ladder ids field must not name more than 50.',
          errors: { ladderIds: ['The ladder ids field must not name more than 50.'] },
        },
      },
    });
    renderApp('/admin/webhooks');
    const form = await screen.findByRole('form', { name: 'Register an endpoint' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Bot' } });
    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'https://bot.example.com/x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Register endpoint' }));
    const picker = within(form).getByRole('group', { name: 'Competitions' });
    expect(await within(picker).findByText('The ladder ids field must not name more than 50.')).toBeTruthy();
  });
});

// The admin Competitions page's actions: creating a tournament, a ladder and a season, opening and closing,
// archiving, hand seeding; what each sends and what the admin reads after it, and where a refusal shows.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, makeTournament } from '@/testing/admin-factories';
import { makeTournamentPage } from '@/testing/platform-factories';
import { renderApp } from '@/testing/render-app';

const sent = (api: ReturnType<typeof fakeAdminApi>, method: string) =>
  api.requests
    .filter((r) => r.method === method)
    .map((r) => ({ url: r.url, body: JSON.parse(String(r.data)) as unknown }));

const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('the admin Competitions page, its actions', () => {
  it('creates a tournament with the form’s settings and the map pool the admin chose', async () => {
    const api = fakeAdminApi({
      'POST /api/v1/admin/tournaments': { status: 201, body: { data: makeTournament({ id: 8 }) } },
    });
    renderApp('/admin/competitions');
    const form = await screen.findByRole('form', { name: 'Create a tournament' });
    await within(form).findByRole('option', { name: 'Competitive (2 maps)' });
    fireEvent.change(within(form).getByLabelText('Format'), { target: { value: 'double_elimination' } });
    type(form, 'Name', 'Summer Cup');
    type(form, 'Start', '2025-06-01T18:00:00');
    type(form, 'Most teams', '8');
    fireEvent.click(within(form).getByRole('button', { name: 'Create tournament' }));

    expect(await screen.findByText('The tournament was created.')).toBeTruthy();
    const [post] = sent(api, 'post');
    expect(post?.url).toBe('/api/v1/admin/tournaments');
    expect(post?.body).toMatchObject({
      name: 'Summer Cup',
      format: 'double_elimination',
      mapPoolId: 1,
      teamSize: 5,
      startDate: new Date('2025-06-01T18:00:00').toISOString(),
      signupDeadline: null,
      maxTeams: 8,
      bestOf: 1,
      finalBestOf: 3,
      seeding: 'rating',
      grandFinalReset: true,
      locationRule: 'vote',
      locationVoteSeconds: 60,
    });
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('');
  });

  it('shows a refused ladder under its name field', async () => {
    fakeAdminApi({
      'POST /api/v1/admin/ladders': {
        status: 422,
        body: {
          message: 'The name has already been taken.',
          errors: { name: ['The name has already been taken.'] },
        },
      },
    });
    renderApp('/admin/competitions');
    const form = await screen.findByRole('form', { name: 'Create a ladder' });
    type(form, 'Ladder name', 'CoD4 5v5 Ladder');
    fireEvent.click(within(form).getByRole('button', { name: 'Create ladder' }));
    const name = within(form).getByLabelText('Ladder name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The name has already been taken.',
    );
    expect(screen.queryByText('The ladder was created.')).toBeNull();
  });

  it('shows a refusal of a field the form does not have as a toast, the others under their fields', async () => {
    fakeAdminApi({
      'POST /api/v1/admin/ladders': {
        status: 422,
        body: {
          message: 'The name has already been taken. (and 1 more error)',
          errors: {
            name: ['The name has already been taken.'],
            gameId: ['The selected game is retired.'],
          },
        },
      },
    });
    renderApp('/admin/competitions');
    const form = await screen.findByRole('form', { name: 'Create a ladder' });
    type(form, 'Ladder name', 'CoD4 5v5 Ladder');
    fireEvent.click(within(form).getByRole('button', { name: 'Create ladder' }));
    const toast = await screen.findByText('The selected game is retired.');
    expect(toast.closest('.Toastify__toast')).not.toBeNull();
    const name = within(form).getByLabelText('Ladder name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('The name has already been taken.')).toHaveLength(1);
  });

  it('adds a season to the chosen ladder', async () => {
    const api = fakeAdminApi({
      'POST /api/v1/admin/ladders/2/seasons': { status: 201, body: { data: {} } },
    });
    renderApp('/admin/competitions');
    const form = await screen.findByRole('form', { name: 'Add a season' });
    expect(within(form).getByRole('option', { name: 'CoD4 5v5 Ladder' })).toBeTruthy();
    type(form, 'Season name', 'Season 2');
    type(form, 'Season starts', '2025-06-01T00:00:00');
    fireEvent.click(within(form).getByRole('button', { name: 'Add season' }));
    expect(await screen.findByText('The season was added.')).toBeTruthy();
    expect(sent(api, 'post')).toEqual([
      {
        url: '/api/v1/admin/ladders/2/seasons',
        body: { name: 'Season 2', startsAt: new Date('2025-06-01T00:00:00').toISOString(), endsAt: null },
      },
    ]);
  });

  it('creates a solo-queue with balanced teams', async () => {
    const api = fakeAdminApi({
      'POST /api/v1/admin/solo-queues': { status: 201, body: { data: {} } },
    });
    renderApp('/admin/competitions');
    const form = await screen.findByRole('form', { name: 'Create a solo-queue' });
    await within(form).findByRole('option', { name: 'Competitive (2 maps)' });
    type(form, 'Queue name', 'EU 2v2');
    type(form, 'Players per team', '2');
    fireEvent.change(within(form).getByLabelText('Teams'), { target: { value: 'balanced' } });
    fireEvent.change(within(form).getByLabelText('Best of'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create solo-queue' }));
    expect(await screen.findByText('The solo-queue was created.')).toBeTruthy();
    const [post] = sent(api, 'post');
    expect(post?.url).toBe('/api/v1/admin/solo-queues');
    expect(post?.body).toMatchObject({
      name: 'EU 2v2',
      mapPoolId: 1,
      teamSize: 2,
      teamFormation: 'balanced',
      bestOf: 3,
      pickTurnSeconds: 30,
    });
  });

  it('edits a ladder’s settings in place and sends only what changed', async () => {
    const api = fakeAdminApi({
      'PATCH /api/v1/admin/ladders/2': { status: 200, body: { data: {} } },
    });
    renderApp('/admin/competitions');
    const ladders = await screen.findByRole('region', { name: 'Ladders' });
    const form = await within(ladders).findByRole('form', {
      name: 'Settings of CoD4 5v5 Ladder',
      hidden: true,
    });
    await within(form).findByRole('option', { name: 'Competitive (2 maps)', hidden: true });
    expect(within(form).getByLabelText<HTMLInputElement>('Ladder name').value).toBe('CoD4 5v5 Ladder');
    type(form, 'Players per team', '4');
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes', hidden: true }));
    expect(await screen.findByText('The changes were saved.')).toBeTruthy();
    expect(sent(api, 'patch')).toEqual([{ url: '/api/v1/admin/ladders/2', body: { teamSize: 4 } }]);
  });

  it('closes a solo-queue', async () => {
    const api = fakeAdminApi({
      'PATCH /api/v1/admin/solo-queues/3': { status: 200, body: { data: {} } },
    });
    renderApp('/admin/competitions');
    fireEvent.click(await screen.findByRole('button', { name: 'Close EU Pick-up' }));
    await waitFor(() =>
      expect(sent(api, 'patch')).toEqual([{ url: '/api/v1/admin/solo-queues/3', body: { isActive: false } }]),
    );
  });

  it('archives a finished tournament and says so', async () => {
    const api = fakeAdminApi({
      'GET /api/v1/admin/tournaments': {
        status: 200,
        body: { data: [makeTournament({ status: 'finished' })] },
      },
      'PATCH /api/v1/admin/tournaments/7': { status: 200, body: { data: {} } },
    });
    renderApp('/admin/competitions');
    const tournaments = await screen.findByRole('region', { name: 'Tournaments' });
    fireEvent.click(await within(tournaments).findByRole('button', { name: 'Archive Spring Cup' }));
    expect(await screen.findByText('The tournament was archived.')).toBeTruthy();
    expect(within(tournaments).queryByRole('button', { name: 'Cancel Spring Cup' })).toBeNull();
    expect(sent(api, 'patch')).toEqual([{ url: '/api/v1/admin/tournaments/7', body: { archived: true } }]);
  });

  it('seeds a hand-seeded tournament: the draw’s order first, moved by hand, saved as one list', async () => {
    const api = fakeAdminApi({
      'GET /api/v1/admin/tournaments': {
        status: 200,
        body: { data: [makeTournament({ seeding: 'manual' })] },
      },
      'GET /api/v1/tournaments/spring-cup': { status: 200, body: { data: makeTournamentPage() } },
      'PUT /api/v1/admin/tournaments/7/seeds': {
        status: 200,
        body: { message: 'The seeds were saved.', data: [] },
      },
    });
    renderApp('/admin/competitions');
    fireEvent.click(await screen.findByRole('button', { name: 'Seeds of Spring Cup' }));
    const seeds = await screen.findByRole('group', { name: 'Seeds of Spring Cup' });
    const rows = () =>
      within(seeds)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    // Nobody is seeded yet: the higher rating first, as the draw would take them.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toContain('1. Northern Wolves rating 1112 · not seeded');
    expect(rows()[1]).toContain('2. Red Dragons rating 988 · not seeded');
    expect(
      within(seeds).getByRole<HTMLButtonElement>('button', { name: 'Move Northern Wolves up' }).disabled,
    ).toBe(true);

    fireEvent.click(within(seeds).getByRole('button', { name: 'Move Red Dragons up' }));
    expect(rows()[0]).toContain('1. Red Dragons');
    fireEvent.click(within(seeds).getByRole('button', { name: 'Save seeds' }));
    expect(await screen.findByText('The seeds were saved.')).toBeTruthy();
    expect(sent(api, 'put')).toEqual([
      { url: '/api/v1/admin/tournaments/7/seeds', body: { teamIds: [3, 7] } },
    ]);
  });

  it('shows refused seeds as a toast', async () => {
    fakeAdminApi({
      'GET /api/v1/admin/tournaments': {
        status: 200,
        body: { data: [makeTournament({ seeding: 'manual' })] },
      },
      'GET /api/v1/tournaments/spring-cup': { status: 200, body: { data: makeTournamentPage() } },
      'PUT /api/v1/admin/tournaments/7/seeds': {
        status: 409,
        body: { message: 'The bracket is drawn: the seeds can no longer change.' },
      },
    });
    renderApp('/admin/competitions');
    fireEvent.click(await screen.findByRole('button', { name: 'Seeds of Spring Cup' }));
    const seeds = await screen.findByRole('group', { name: 'Seeds of Spring Cup' });
    fireEvent.click(await within(seeds).findByRole('button', { name: 'Save seeds' }));
    const toast = await screen.findByText('The bracket is drawn: the seeds can no longer change.');
    expect(toast.closest('.Toastify__toast')).not.toBeNull();
  });
});

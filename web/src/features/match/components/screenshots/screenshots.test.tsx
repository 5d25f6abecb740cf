import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScreenshotPage } from '@versus/common/api/screenshots';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { makeMatchPlayer } from '@/testing/match-factories';
import { renderWithProviders } from '@/testing/render-with-providers';
import { Screenshots } from './screenshots';

const page: ScreenshotPage = {
  data: [
    {
      id: 2,
      url: '/uploads/screenshots/b.jpg',
      inGameName: 'Charlie',
      username: 'player3',
      takenByServer: true,
    },
    {
      id: 1,
      url: '/uploads/screenshots/a.png',
      inGameName: 'Bravo',
      username: 'player2',
      takenByServer: false,
    },
  ],
  meta: { current_page: 1, last_page: 1, per_page: 12, total: 2, from: 1, to: 2 },
  links: {
    first: '/api/v1/screenshots/42?page=1',
    last: '/api/v1/screenshots/42?page=1',
    prev: null,
    next: null,
  },
};

describe('the Screenshots modal', () => {
  it('marks the server screenshots with username and in-game name, and asks the server for more', async () => {
    const { requests } = fakeApi({
      'GET /api/v1/screenshots/42?page=1': { status: 200, body: page },
      'POST /api/v1/match/42/screenshots/request': {
        status: 200,
        body: { data: { requested: 2, remaining: 2 } },
      },
    });
    renderWithProviders(<Screenshots matchId={42} canAskServer />);
    fireEvent.click(screen.getByRole('button', { name: 'Screenshots' }));
    const dialog = await screen.findByRole('dialog', { name: 'Screenshots' });
    const captions = await within(dialog).findAllByRole('figure');
    expect(captions.map((f) => f.textContent)).toEqual([
      'player3 - CharlieTaken by the server',
      'player2 - Bravo',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take server screenshots' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'post' && r.url === '/api/v1/match/42/screenshots/request'),
      ).toBe(true),
    );
    const post = requests.find((r) => r.method === 'post');
    expect(JSON.parse(String(post?.data))).toEqual({ target: 'all' });
  });

  it('asks for one player chosen from the rosters', async () => {
    const { requests } = fakeApi({
      'GET /api/v1/screenshots/42?page=1': { status: 200, body: page },
      'GET /api/v1/match-detail/players/42': {
        status: 200,
        body: {
          data: {
            challenger: [makeMatchPlayer({ id: 3, username: 'player3' })],
            opponent: [makeMatchPlayer({ id: 7, username: 'player7' })],
          },
        },
      },
      'POST /api/v1/match/42/screenshots/request': {
        status: 200,
        body: { data: { requested: 1, remaining: 2 } },
      },
    });
    renderWithProviders(<Screenshots matchId={42} canAskServer />);
    fireEvent.click(screen.getByRole('button', { name: 'Screenshots' }));
    const dialog = await screen.findByRole('dialog', { name: 'Screenshots' });
    const of = within(dialog).getByRole('combobox', { name: 'Of' });
    await within(of).findByRole('option', { name: 'player7' });
    fireEvent.change(of, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take server screenshots' }));
    expect(
      await screen.findByText('A screenshot of 1 player was asked for (2 left on this map).'),
    ).toBeTruthy();
    const post = requests.find((r) => r.method === 'post');
    expect(JSON.parse(String(post?.data))).toEqual({ target: 7 });
  });

  it('offers the server screenshot button only to those who may ask', async () => {
    fakeApi({ 'GET /api/v1/screenshots/42?page=1': { status: 200, body: page } });
    renderWithProviders(<Screenshots matchId={42} />);
    fireEvent.click(screen.getByRole('button', { name: 'Screenshots' }));
    const dialog = await screen.findByRole('dialog', { name: 'Screenshots' });
    await within(dialog).findAllByRole('figure');
    expect(within(dialog).queryByRole('button', { name: 'Take server screenshots' })).toBeNull();
  });
});

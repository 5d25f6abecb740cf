import type { MatchLocations } from '@versus/common/api/locations';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { renderWithProviders } from '@/testing/render-with-providers';
import { pingColour } from '../../utils/location-status';
import { LocationVoting } from './location-voting-modal';

const list = (remainingSeconds: number): FakeAnswer => ({
  status: 200,
  body: {
    data: [
      {
        id: 1,
        hostname: 'http://fast.test',
        name: 'Frankfurt #1',
        city: 'Frankfurt',
        country: 'Germany',
        flag: 'de',
        votes: 0,
      },
      {
        id: 2,
        hostname: 'http://slow.test',
        name: 'slow.test',
        city: 'London',
        country: 'United Kingdom',
        flag: 'gb',
        votes: 2,
      },
      {
        id: 3,
        hostname: 'http://down.test',
        name: 'Paris #1',
        city: 'Paris',
        country: 'France',
        flag: 'fr',
        votes: 0,
      },
    ],
    meta: { remainingSeconds, votedLocationId: null, chosenLocationId: null, canVote: true },
  } satisfies MatchLocations,
});

afterEach(() => vi.unstubAllGlobals());

describe('the Location Voting modal', () => {
  it('lists locations with measured pings coloured by threshold, counts down and takes a vote', async () => {
    const echo = installFakeEcho();
    // Real timing (React's scheduler reads the same clock, so it is not faked): the slow host answers
    // after 200 ms, always red; the fast one at once, coloured by whatever it measured.
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url === 'http://down.test/ping') return Promise.reject(new TypeError('Failed to fetch'));
        const delay = url === 'http://slow.test/ping' ? 200 : 0;
        return new Promise<Response>((resolve) => setTimeout(() => resolve({ ok: true } as Response), delay));
      }),
    );
    const { requests } = fakeApi({
      'GET /api/v1/match-detail/location/42': list(30),
      'POST /api/v1/match-detail/location/42/2/select': { status: 200, body: { message: 'ok' } },
    });
    renderWithProviders(<LocationVoting matchId={42} statusId={11} />);
    const dialog = await screen.findByRole('dialog', { name: 'Location Voting' });
    expect(await within(dialog).findByText('30 seconds remaining ...')).toBeTruthy();
    expect(within(dialog).getByText('Selectable locations')).toBeTruthy();
    expect(within(dialog).getByText('Click on the location you wish to vote for.')).toBeTruthy();
    // Each card names its location; the ping URL is measured, not shown.
    expect(within(dialog).getByRole('button', { name: /Frankfurt #1/ })).toBeTruthy();
    expect(within(dialog).queryByText(/http:/)).toBeNull();

    const ping = (city: RegExp) =>
      within(dialog).getByRole('button', { name: city }).querySelector<HTMLElement>('.location-ping');
    await waitFor(() => expect(ping(/London/)?.dataset.colour).toBe('red'));
    const fast = ping(/Frankfurt/);
    const fastMs = Number(/^(\d+) ms$/.exec(fast?.textContent ?? '')?.[1]);
    expect(fast?.dataset.colour).toBe(pingColour(fastMs));
    expect(Number(/^(\d+) ms$/.exec(ping(/London/)?.textContent ?? '')?.[1])).toBeGreaterThanOrEqual(199);
    // A failed ping is null: the location keeps saying so until a measurement answers.
    expect(ping(/Paris/)?.textContent).toBe('Measuring ping...');

    await waitFor(() => expect(echo.channels.has('match-auto-location-picker-update.42')).toBe(true));
    act(() =>
      echo
        .channel('match-auto-location-picker-update.42')
        .emit('OnMatchAutoLocationPickerUpdate', { matchId: 42, remainingSeconds: 0 }),
    );
    expect(await within(dialog).findByText('Auto location voting in progress ...')).toBeTruthy();
    act(() =>
      echo
        .channel('match-auto-location-vote-update.42')
        .emit('OnMatchAutoLocationVoteUpdate', { matchId: 42, id: 1, votes: 3 }),
    );
    expect(await within(dialog).findByText('Votes: 3')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: /London/ }));
    expect(await screen.findByText('Location was selected successfully!')).toBeTruthy();
    expect(requests.some((r) => r.method === 'post')).toBe(true);

    act(() =>
      echo
        .channel('match-auto-location-finish-update.42')
        .emit('OnMatchAutoLocationFinishUpdate', { matchId: 42 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says "Measuring ping..." until measured and waits for the auto voter', async () => {
    installFakeEcho();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    fakeApi({
      'GET /api/v1/match-detail/location/42': list(-1),
      'POST /api/v1/match-detail/location/42/1/select': {
        status: 422,
        body: { message: 'Voting is closed.' },
      },
    });
    renderWithProviders(<LocationVoting matchId={42} statusId={11} />);
    expect(await screen.findByText('Waiting for the auto location voter to start ...')).toBeTruthy();
    expect(screen.getAllByText('Measuring ping...')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: /Frankfurt/ }));
    expect(await screen.findByText('An error has occurred: Voting is closed.')).toBeTruthy();
    // And in the dialog, above the locations.
    const dialog = screen.getByRole('dialog', { name: 'Location Voting' });
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('Voting is closed.');
    expect(alert.compareDocumentPosition(within(dialog).getByRole('list'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});

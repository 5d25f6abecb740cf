import { act, screen, waitFor, within } from '@testing-library/react';
import type { MatchDetail } from '@versus/common/api/matches';
import type { MatchOutcomeView } from '@versus/common/api/outcome';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { makeActions, makeMatchDetail, makeVetoMatch } from '@/testing/match-factories';
import { renderApp } from '@/testing/render-app';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LiveScore } from '../server/live-score';
import { STATUS } from '@versus/common/match/statuses';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

const outcome = (overrides: Partial<MatchOutcomeView>): MatchOutcomeView => ({
  kind: 'won',
  headline: 'Red Dragons won',
  detail: null,
  ratingsNote: null,
  rated: true,
  maps: [],
  ...overrides,
});

/** The room of match 42 for player6; `detail` is read at each request, so a test can move the match on. */
function stageRoom(detail: () => MatchDetail) {
  return fakeApi({
    'GET /api/v1/auth/me': ok(makeUser({ id: 6, username: 'player6' })),
    'GET /api/v1/match-detail/42': () => ok(detail()),
    'GET /api/v1/match-detail/status/42/actions': ok(makeActions()),
    'GET /api/v1/match/42': ok(makeVetoMatch({ vetoDetail: null, timeRemaining: null })),
    'GET /api/v1/chat/42': ok([]),
  });
}

const phaseBar = () => screen.getByRole('region', { name: 'Match phase' });

describe('a finished or cancelled room explains how it ended', () => {
  it('a walkover: the phase bar and the result card say who did not show, why, and that ratings stayed', async () => {
    installFakeEcho();
    const finished = makeMatchDetail({
      statusId: STATUS.finished,
      information: { ...makeMatchDetail().information, statusName: 'Finished' },
      outcome: outcome({
        kind: 'walkover',
        headline: 'Walkover: Northern Wolves did not show',
        detail: 'Result awarded by admin: never joined the server',
        ratingsNote: 'A walkover does not change ratings.',
        rated: false,
      }),
    });
    stageRoom(() => finished);
    renderApp('/match/42');

    const card = await screen.findByRole('region', { name: 'Result' });
    expect(within(card).getByText('Walkover: Northern Wolves did not show')).toBeTruthy();
    expect(within(card).getByText('Result awarded by admin: never joined the server')).toBeTruthy();
    expect(within(card).getByText('A walkover does not change ratings.')).toBeTruthy();
    expect(within(phaseBar()).getByText('Finished')).toBeTruthy();
    expect(within(phaseBar()).getByRole('status').textContent).toBe('Walkover: Northern Wolves did not show');
    // Nothing was rated, so there is no rating breakdown to read.
    await screen.findByRole('region', { name: 'Opponent: Northern Wolves' });
    expect(screen.queryByRole('heading', { name: 'Win probability and ratings' })).toBeNull();
  });

  it('a result keeps each map score in the room, with both team names beside it', async () => {
    installFakeEcho();
    const finished = makeMatchDetail({
      statusId: STATUS.finished,
      outcome: outcome({
        maps: [
          { id: 1, name: 'Crossfire', nameCmd: 'mp_crossfire', firstScore: 13, secondScore: 7 },
          { id: 2, name: 'Crash', nameCmd: 'mp_crash', firstScore: 4, secondScore: 13 },
        ],
      }),
    });
    stageRoom(() => finished);
    renderApp('/match/42');

    const card = await screen.findByRole('region', { name: 'Result' });
    const rows = within(card)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Crossfire', 'Red Dragons', '13 - 7', 'Northern Wolves'],
      ['Crash', 'Red Dragons', '4 - 13', 'Northern Wolves'],
    ]);
  });

  it('a declined challenge says who declined beside "Cancelled"', async () => {
    installFakeEcho();
    const declined = makeMatchDetail({
      statusId: STATUS.cancelled,
      information: { ...makeMatchDetail().information, statusName: 'Cancelled' },
      outcome: outcome({ kind: 'declined', headline: 'Declined by Northern Wolves', rated: false }),
    });
    stageRoom(() => declined);
    renderApp('/match/42');

    expect(await screen.findByRole('region', { name: 'Result' })).toBeTruthy();
    expect(within(phaseBar()).getByText('Cancelled')).toBeTruthy();
    expect(within(phaseBar()).getByRole('status').textContent).toBe('Declined by Northern Wolves');
  });

  it('a match still being played has no result card', async () => {
    installFakeEcho();
    stageRoom(() => makeMatchDetail({ statusId: STATUS.inProgress }));
    renderApp('/match/42');
    await screen.findByRole('region', { name: 'Challenger: Red Dragons' });
    expect(screen.queryByRole('region', { name: 'Result' })).toBeNull();
  });
});

describe('the room around the result', () => {
  it('the live score names the team of each number', async () => {
    fakeApi({
      'GET /api/v1/match/42/live-score': ok({
        matchId: 42,
        maps: [{ id: 1, name: 'Crossfire', nameCmd: 'mp_crossfire', firstScore: 2, secondScore: 4 }],
      }),
    });
    installFakeEcho();
    renderWithProviders(<LiveScore matchId={42} names={{ challenger: 'Alpha', opponent: 'Bravo' }} />);
    expect((await screen.findByTestId('live-score-mp_crossfire')).textContent).toBe(
      'Crossfire: Alpha 2 - 4 Bravo',
    );
  });

  it('a provisional rating says what it means in words, not only in a tooltip', async () => {
    installFakeEcho();
    stageRoom(() => makeMatchDetail({ statusId: STATUS.inProgress }));
    renderApp('/match/42');
    const challenger = await screen.findByRole('region', { name: 'Challenger: Red Dragons' });
    expect(within(challenger).getByTitle('Rating').textContent).toBe('900 (provisional)');
    expect(
      within(challenger).getByText(
        'Provisional: fewer than 14 rated matches, so the rating still moves a lot.',
      ),
    ).toBeTruthy();
  });

  it('the chat stays joined when the veto starts, so Online users stay filled', async () => {
    const echo = installFakeEcho();
    const named = (statusId: 2 | 11, statusName: string) =>
      makeMatchDetail({ statusId, information: { ...makeMatchDetail().information, statusName } });
    let current = named(11, 'Location select');
    stageRoom(() => current);
    renderApp('/match/42');
    await waitFor(() => expect(echo.channels.has('match-chat.42')).toBe(true));
    const chat = echo.channel('match-chat.42');
    act(() => chat.succeed([{ id: 6, username: 'player6', image: null, formattedUsername: 'player6' }]));
    expect(await screen.findByRole('heading', { name: 'Online users (1)' })).toBeTruthy();

    await within(phaseBar()).findByText('Location select');
    current = named(2, 'Map veto');
    act(() => echo.channel('match-detail-update.42').emit('MatchDetailUpdate', { matchId: 42 }));
    await within(phaseBar()).findByText('Map veto');
    expect(chat.left).toBe(false);
    expect(echo.channel('match-chat.42')).toBe(chat);
    expect(screen.getByRole('heading', { name: 'Online users (1)' })).toBeTruthy();
  });
});

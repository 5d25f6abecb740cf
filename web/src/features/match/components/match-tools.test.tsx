import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CanDispute } from '@versus/common/api/disputes';
import type { CanSubmitScore, ScoreForm } from '@versus/common/api/scores';
import type { ScreenshotPage } from '@versus/common/api/screenshots';
import type { SubAccess, SubCandidates } from '@versus/common/api/subs';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DisputeControl } from './dispute/dispute-control';
import { SubmitScore } from './score/submit-score';
import { Screenshots } from './screenshots/screenshots';
import { AddSub } from './subs/add-sub';

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

describe('the match tools', () => {
  it('Submit score: server texts, null for empty inputs, and the spec toast', async () => {
    const { requests } = fakeApi({
      'GET /api/v1/match-detail/score/42/can-submit': ok({
        canSubmit: true,
        buttonTitle: 'Submit score',
        popupTitle: 'Submit score: Red Dragons vs Northern Wolves',
      } satisfies CanSubmitScore),
      'GET /api/v1/match-detail/score/form/42': ok({
        teams: { challengerTeam: { tag: 'RDG' }, opponentTeam: { tag: 'NWV' } },
        enteredScores: [{ id: 5, mapName: 'Crash', firstScore: null, secondScore: null }],
        scoreEnteredByUsername: null,
        scoreEnteredFromLog: false,
        serverLog: null,
        canSubmitScore: true,
        canEditScore: false,
        canHandleScore: false,
      } satisfies ScoreForm),
      'POST /api/v1/match-detail/score/form/42': { status: 200, body: { message: 'ok' } },
    });
    renderWithProviders(<SubmitScore matchId={42} signedIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit score' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Submit score: Red Dragons vs Northern Wolves',
    });
    fireEvent.change(await within(dialog).findByRole('spinbutton', { name: 'Crash: RDG score' }), {
      target: { value: '13' },
    });
    expect(within(dialog).queryByRole('button', { name: 'Approve Score' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Match score was submitted successfully')).toBeTruthy();
    const post = requests.find((r) => r.method === 'post');
    expect(JSON.parse(String(post?.data))).toEqual({
      scores: [{ id: 5, firstScore: 13, secondScore: null }],
    });
  });

  it('Dispute: the modal, its failure toast, and a live dispute as a warning with a recheck', async () => {
    const echo = installFakeEcho();
    let ticket: CanDispute['ticket'] = null;
    const { requests } = fakeApi({
      'GET /api/v1/match-detail/dispute/42/can-dispute': () =>
        ok({ canDispute: ticket === null, ticket } satisfies CanDispute),
      'POST /api/v1/match-detail/dispute/42': { status: 422, body: { message: 'Too late.' } },
    });
    renderWithProviders(<DisputeControl matchId={42} signedIn />);
    fireEvent.click(await screen.findByRole('button', { name: 'New Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute' });
    const reason = within(dialog).getByRole('textbox', { name: 'Dispute reason' });
    expect(reason.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText('Describe the reason of the dispute.')).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'Wrong map' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(await screen.findByText('An error has occurred: Too late.')).toBeTruthy();
    expect(JSON.parse(String(requests.find((r) => r.method === 'post')?.data))).toEqual({
      description: 'Wrong map',
    });
    fireEvent.keyDown(document, { key: 'Escape' });

    ticket = { id: 9 };
    await waitFor(() => expect(echo.channels.has('match-detail-disputed.42')).toBe(true));
    act(() =>
      echo
        .channel('match-detail-disputed.42')
        .emit('OnMatchDetailDisputed', { matchId: 42, message: 'Disputed!' }),
    );
    expect(await screen.findByText('Disputed!')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'See dispute' })).getAttribute('href')).toBe('/ticket/9');
  });

  it('Add Sub and Screenshots say so when empty', async () => {
    installFakeEcho();
    let shots = 0;
    fakeApi({
      'GET /api/v1/match-detail/sub/42/access': ok({ showButton: true } satisfies SubAccess),
      'GET /api/v1/match-detail/sub/42': {
        status: 200,
        body: { data: [], meta: { replaceable: [] } } satisfies SubCandidates,
      },
      'GET /api/v1/screenshots/42?page=1': () => {
        shots += 1;
        const page: ScreenshotPage = {
          data: [],
          meta: { current_page: 1, last_page: 1, per_page: 12, total: 0, from: null, to: null },
          links: {
            first: '/api/v1/screenshots/42?page=1',
            last: '/api/v1/screenshots/42?page=1',
            prev: null,
            next: null,
          },
        };
        return { status: 200, body: page };
      },
    });
    renderWithProviders(
      <>
        <AddSub matchId={42} signedIn />
        <Screenshots matchId={42} />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add Sub' }));
    const subs = await screen.findByRole('dialog', { name: 'Available Players' });
    expect(await within(subs).findByText("There aren't any available players to add!")).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Screenshots' }));
    const dialog = await screen.findByRole('dialog', { name: 'Screenshots' });
    expect(await within(dialog).findByText("There aren't any screenshots for this match!")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh Screenshots' }));
    await waitFor(() => expect(shots).toBe(2));
  });
});

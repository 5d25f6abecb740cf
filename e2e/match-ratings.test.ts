import { describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';
import { screenshotsAtBothSizes } from './support/screenshots';

describe('win probability and rating breakdown on a match page', () => {
  const suite = serverAndBrowser();

  it('shows both sides’ chance before the result and each rating change with its inputs after it', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'in-progress');
    // A spectator's view: player20 plays in neither team.
    const page = await signedInPage(browser, server, 'player20');
    await openMatch(page, match.matchId);
    const card = page.getByRole('region', { name: 'Win probability and ratings' });
    // Red Dragons (1150) against Northern Wolves (1080): 0.5551 / 0.4449.
    await card.getByTestId('win-probability-challenger').filter({ hasText: '56%' }).waitFor();
    expect(await card.getByTestId('win-probability-opponent').textContent()).toBe('44%');
    expect(await card.getByRole('img', { name: /^Win probability: / }).getAttribute('aria-label')).toBe(
      'Win probability: Red Dragons 56%, Northern Wolves 44%',
    );
    const table = card.getByRole('table');
    await table.getByRole('row', { name: /Red Dragons Ladder standing 1150/ }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Rated on',
      'Before',
      'Win chance',
    ]);
    expect(await card.getByText('provisional', { exact: true }).count()).toBe(4);
    // The score header's stakes come from the model's preview.
    const header = page.getByRole('region', { name: 'Score' });
    expect(await header.locator('.score-elo-win').allTextContents()).toEqual(['+75', '+89']);
    await screenshotsAtBothSizes(page, 'ratings-before', { scrollTo: card });

    // The captains enter and approve 13:7 outside this browser; the page follows live.
    const challenger = await apiSession(server, match.challenger.captain!);
    const opponent = await apiSession(server, match.opponent.captain!);
    const form = await challenger.call('GET', `/api/v1/match-detail/score/form/${String(match.matchId)}`);
    const mapId = (form.body as { data: { enteredScores: { id: number }[] } }).data.enteredScores[0]?.id;
    const scores = [{ id: mapId, firstScore: 13, secondScore: 7 }];
    const base = `/api/v1/match-detail/score/form/${String(match.matchId)}`;
    expect((await challenger.call('POST', base, { scores })).status).toBe(200);
    expect((await opponent.call('POST', `${base}/approve`, { approve: 1 })).status).toBe(200);

    await table.getByRole('columnheader', { name: 'Change' }).waitFor();
    const dragons = table.getByRole('row', { name: /Red Dragons Ladder standing/ });
    expect(await dragons.getByRole('cell').allTextContents()).toEqual([
      '1150provisionalμ 31.25 σ 8.33',
      '56%',
      'win',
      '1225provisionalμ 33.59 σ 8.07',
      '+75',
    ]);
    const wolves = table.getByRole('row', { name: /Northern Wolves Ladder standing/ });
    expect((await wolves.getByRole('cell').allTextContents()).slice(1)).toEqual([
      '44%',
      'loss',
      '1043provisionalμ 25.99 σ 8.07',
      '-37',
    ]);
    // The chance the match was rated with stays.
    expect(await card.getByTestId('win-probability-challenger').textContent()).toBe('56%');
    expect(await card.getByText(/Rating = 1000 \+ 24 × \(μ − 3σ\)/).count()).toBe(1);
    await screenshotsAtBothSizes(page, 'ratings-after', { scrollTo: card });
    await page.context().close();
  });
});

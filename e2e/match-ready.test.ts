import { STATUS } from '@versus/common/match/statuses';
import { describe, expect, it } from 'vitest';
import { openMatch, signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';

describe('a tournament ready check', () => {
  const suite = serverAndBrowser();

  it('each captain readies up, the other sees READY live, and the match moves on', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'tournament-ready');
    expect(match.statusId).toBe(STATUS.readyUp);
    const challenger = await signedInPage(browser, server, match.challenger.captain!);
    const opponent = await signedInPage(browser, server, match.opponent.captain!);
    await Promise.all([openMatch(challenger, match.matchId), openMatch(opponent, match.matchId)]);

    const heading = (page: typeof challenger, team: string, state: string) =>
      page.getByRole('heading', { name: `${team} ${state}`, exact: true });
    await heading(opponent, match.challenger.team, 'NOT READY').waitFor();

    await challenger.getByRole('button', { name: 'Ready', exact: true }).click();
    await challenger.getByRole('alert').filter({ hasText: 'Match has been set to ready' }).first().waitFor();
    await heading(opponent, match.challenger.team, 'READY').waitFor();
    // Changed its mind, then ready again.
    await challenger.getByRole('button', { name: 'Not ready' }).click();
    await heading(opponent, match.challenger.team, 'NOT READY').waitFor();
    await challenger.getByRole('button', { name: 'Ready', exact: true }).click();
    await heading(opponent, match.challenger.team, 'READY').waitFor();

    await opponent.getByRole('button', { name: 'Ready', exact: true }).click();
    // Both ready: the ready check is over on both pages (no READY / NOT READY tags any more).
    for (const page of [challenger, opponent]) {
      await expect.poll(() => page.locator('.team-panel .tag').count()).toBe(0);
    }
    await challenger.context().close();
    await opponent.context().close();
  });
});

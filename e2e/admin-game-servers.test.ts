// The admin's game-server page on the embedded default: the pool with its live state, a named guest allowed
// past the roster lock of a match in play, and the match moved to another server of the pool.
import { STATUS } from '@versus/common/match/statuses';
import { describe, expect, it } from 'vitest';
import { signedInPage, stageScenario } from './support/match';
import { serverAndBrowser } from './support/suite';
import { screenshotsAtBothSizes } from './support/screenshots';

describe('the admin game-server page', () => {
  const suite = serverAndBrowser({
    GAME_SERVER_PROVIDER: 'embedded',
    GAME_SERVER_MONITOR_INTERVAL_MS: '1000',
  });

  it('shows the match on its server, allows a guest and moves the match to another server', async () => {
    const { server, browser } = suite.started();
    const match = await stageScenario(server, 'in-progress');
    expect(match.statusId).toBe(STATUS.inProgress);
    const admin = await signedInPage(browser, server, 'admin');
    await admin.goto('/admin/game-servers');

    const inUse = `in use by match #${String(match.matchId)}`;
    const first = admin.locator('.game-server-row').filter({ hasText: inUse });
    await first.waitFor();
    await first.locator('.game-server-online').waitFor();
    // The live state: online, the loaded map and the players (no "/?" when rcon status does not say the slots).
    await expect
      .poll(() => first.locator('.game-server-online').textContent())
      .toMatch(/^online · mp_\w+ · \d+(\/\d+)? players$/);
    const firstName = (await first.locator('strong').first().textContent()) ?? '';
    await first.getByText('No guests.').waitFor();

    // A caster's player id: listed under the match, and a bad id is refused with the schema's message.
    await first.getByLabel('Player id').fill('not an id');
    await first.getByLabel('Guest name').fill('Caster Carl');
    await first.getByRole('button', { name: 'Allow guest' }).click();
    await first.getByText(/^The player id must be a CoD4x player id/).waitFor();
    await first.getByLabel('Player id').fill('[U:1:424242]');
    await first.getByRole('button', { name: 'Allow guest' }).click();
    await first.getByText('[U:1:424242]').waitFor();
    await expect.poll(() => first.getByLabel('Guest name').inputValue()).toBe('');

    await screenshotsAtBothSizes(admin, 'admin-game-servers', { scrollTo: first });

    // The move offers the free servers online; the chosen one takes the match, the first one is free again.
    const choice = first.getByLabel('Move the match to');
    const option = (await choice.locator('option').first().textContent()) ?? '';
    const targetName = option.replace(/ \([^)]*\)$/, '');
    expect(targetName).not.toBe('');
    expect(targetName).not.toBe(firstName);
    // Releasing kicks the old server's players and configuring the new one is a dozen rcon commands.
    const moved = admin.waitForResponse((r) => r.url().includes('/move-server'), { timeout: 60_000 });
    await first.getByRole('button', { name: 'Move match' }).click();
    expect((await moved).status()).toBe(200);
    await admin.getByText(`The match was moved to ${targetName}.`).waitFor();
    const target = admin
      .locator('.game-server-row')
      .filter({ has: admin.locator('strong', { hasText: new RegExp(`^${escape(targetName)}$`) }) });
    await target.getByText(inUse).waitFor();
    const old = admin
      .locator('.game-server-row')
      .filter({ has: admin.locator('strong', { hasText: new RegExp(`^${escape(firstName)}$`) }) });
    await old.getByText('free', { exact: true }).waitFor();
    // The free server taken out of the pool, and back.
    await old.getByRole('button', { name: `Disable ${firstName}` }).click();
    await old.getByText('· disabled').waitFor();
    await old.getByRole('button', { name: `Enable ${firstName}` }).click();
    await expect.poll(() => old.getByText('· disabled').count()).toBe(0);

    // Guests belong to the match, so the caster is still allowed on its new server; the admin removes them.
    await target.getByText('[U:1:424242]').waitFor();
    await target.getByRole('button', { name: 'Remove guest Caster Carl' }).click();
    await target.getByText('No guests.').waitFor();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

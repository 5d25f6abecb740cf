import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/match';
import { serverAndBrowser } from './support/suite';

describe('building a team', () => {
  const suite = serverAndBrowser();

  it('a captain creates a team and invites a player, who accepts in another browser', async () => {
    const { server, browser } = suite.started();
    // player2 captains no team yet: one team of a game per captain (docs/league-rules.md).
    const captain = await signedInPage(browser, server, 'player2');
    const invitee = await signedInPage(browser, server, 'player7');

    // The captain creates the team from the Teams section and lands on its page.
    await captain.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
    await captain.getByRole('link', { name: 'Create a team' }).click();
    await captain.getByLabel('Team name').fill('Night Owls');
    await captain.getByLabel('Tag').fill('OWL');
    await captain.getByRole('button', { name: 'Create team' }).click();
    await captain.waitForURL((url) => url.pathname === '/team/night-owls');
    await captain.getByRole('heading', { name: /Night Owls/ }).waitFor();
    const roster = captain.getByRole('list', { name: 'Roster' });
    await roster.getByText('Captain').waitFor();

    // An unknown username is refused next to the field; then the real invitation goes out.
    await captain.getByLabel('Invite a player by username').fill('nobody-here');
    await captain.getByRole('button', { name: 'Invite', exact: true }).click();
    await captain.getByText(/not found|does not exist|no player/i).waitFor();
    await captain.getByLabel('Invite a player by username').fill('player7');
    await captain.getByRole('button', { name: 'Invite', exact: true }).click();
    await captain.getByRole('list', { name: 'Pending invitations' }).getByText('player7').waitFor();

    // The invited player sees it live in the header, then accepts it from the Teams page.
    await invitee.getByRole('button', { name: 'Notifications 1' }).waitFor();
    await invitee.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
    await invitee.getByRole('button', { name: 'Accept invitation to Night Owls' }).click();
    await invitee.waitForURL((url) => url.pathname === '/team/night-owls');
    await invitee.getByRole('list', { name: 'Roster' }).getByRole('link', { name: 'player7' }).waitFor();
    expect(await invitee.getByRole('button', { name: 'Leave team' }).isVisible()).toBe(true);

    // The captain sees the new member after a refresh, with a Kick button for them.
    await captain.reload();
    await captain.getByRole('button', { name: 'Kick player7' }).waitFor();
    expect(await captain.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);

    await captain.context().close();
    await invitee.context().close();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam } from '@/testing/match-factories';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TeamPanel } from './team-panel';

const badge = (text: string) => `<span class="ac-status ac-running">${text}</span>`;

describe('TeamPanel anticheat indicator', () => {
  it('shows each player row its badge while the match is in progress', () => {
    const team = makeTeam();
    const first = team.players[0];
    if (!first) throw new Error('factory team has no players');
    renderWithProviders(
      <TeamPanel
        team={team}
        type="ladder"
        statusId={4}
        role="Challenger"
        anticheat={{ [String(first.id)]: badge('Anticheat running<img src=x onerror=alert(1)>') }}
      />,
    );
    const shown = screen.getByText('Anticheat running');
    expect(shown.closest('.player-row')?.textContent).toContain(first.username);
    expect(document.querySelector('.player-anticheat [onerror]')).toBeNull();
  });

  it('shows no badge outside status 4', () => {
    const team = makeTeam();
    const first = team.players[0];
    if (!first) throw new Error('factory team has no players');
    renderWithProviders(
      <TeamPanel
        team={team}
        type="ladder"
        statusId={2}
        role="Challenger"
        anticheat={{ [String(first.id)]: badge('Anticheat running') }}
      />,
    );
    expect(screen.queryByText('Anticheat running')).toBeNull();
  });
});

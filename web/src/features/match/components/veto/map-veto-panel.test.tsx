import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { makeVetoMap, makeVetoMatch } from '@/testing/match-factories';
import type { VetoMatch } from '@versus/common/api/matches';
import { MapVetoPanel } from './map-veto-panel';
import { STATUS } from '@versus/common/match/statuses';

const START = 1_700_000_000;

function renderPanel(match: VetoMatch, newMatchHandling = 1) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MapVetoPanel match={match} userId={6} newMatchHandling={newMatchHandling} />
    </QueryClientProvider>,
  );
}

const statusLine = () => document.querySelector('.veto-status')?.textContent;

describe('MapVetoPanel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(START * 1000);
  });
  afterEach(() => vi.useRealTimers());

  it('counts the turn down every second, then shows the auto-veto', () => {
    renderPanel(makeVetoMatch({ timeRemaining: START + 3 }, START));
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(statusLine()).toBe('NWV player6 is removing a map | 3 seconds remaining ...');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(statusLine()).toBe('NWV player6 is removing a map | 2 seconds remaining ...');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(statusLine()).toBe('NWV player6 is removing a map | 1 seconds remaining ...');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(statusLine()).toBe('Auto-Veto in progress ...');
  });

  it('says the auto-veto is starting without a deadline, and nothing outside the veto', () => {
    const { rerender } = renderPanel(makeVetoMatch({ timeRemaining: null }));
    expect(statusLine()).toBe('Auto-Veto is starting ...');
    rerender(
      <QueryClientProvider client={createQueryClient()}>
        <MapVetoPanel
          match={makeVetoMatch({ statusId: STATUS.inProgress })}
          userId={6}
          newMatchHandling={1}
        />
      </QueryClientProvider>,
    );
    expect(statusLine()).toBe('');
  });

  it('shows each card with its command name, badge and greyed state', () => {
    const maps = [
      makeVetoMap(0, { removedByTeamId: 12, removedByTeamName: 'Northern Wolves', mapIndex: 1 }),
      makeVetoMap(1, { pickedByTeamId: 11, pickedByTeamName: 'Red Dragons', mapOrder: 1, mapIndex: 2 }),
      makeVetoMap(2),
    ];
    renderPanel(makeVetoMatch({ maps }, START), 42);
    expect(screen.getByRole('heading', { name: 'Maps' })).toBeTruthy();
    const crash = screen.getByRole('button', { name: 'Crash (mp_crash)' });
    // Command name, display name (struck through by CSS), then the badge.
    expect(crash.textContent).toBe('mp_crashCrash1st ban by Northern Wolves (player6)');
    expect(crash.getAttribute('aria-disabled')).toBe('true');
    expect(crash.className).toContain('map-card-banned');
    // A pick shows its play order.
    const crossfire = screen.getByRole('button', { name: 'Crossfire (mp_crossfire)' });
    expect(crossfire.textContent).toBe('mp_crossfireMap 1Crossfire1st map, picked by Red Dragons (player1)');
    expect(crossfire.className).toContain('map-card-picked');
    const free = screen.getByRole('button', { name: 'District (mp_citystreets)' });
    expect(free.textContent).toBe('mp_citystreetsDistrict');
    expect(free.getAttribute('aria-disabled')).toBeNull();
  });

  it('uses the #index wording for matches below the newMatchHandling threshold', () => {
    const maps = [makeVetoMap(0, { removedByTeamId: 12, removedByTeamName: 'Northern Wolves', mapIndex: 1 })];
    renderPanel(makeVetoMatch({ id: 41, maps }, START), 42);
    expect(screen.getByRole('button', { name: 'Crash (mp_crash)' }).textContent).toBe(
      'mp_crashCrash#1 banned by Northern Wolves',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import type { MatchDemos } from '@versus/common/api/demos';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DemosList } from './demos-list';

const demo = (
  id: number,
  mapName: string,
  username: string | null,
  inGameName: string,
  sizeBytes: number,
) => ({
  id,
  mapName,
  username,
  inGameName,
  playerId: `[U:1:${id}]`,
  sizeBytes,
  downloadUrl: `/api/v1/demos/${id}/download`,
  createdAt: '2026-11-26T20:00:00.000Z',
});

describe('the demos list', () => {
  it("lists each map's demos under the map's name, with the player, the size and a download link", async () => {
    const data: MatchDemos = [
      {
        mapName: 'mp_crash',
        mapTitle: 'Crash',
        demos: [
          demo(1, 'mp_crash', 'player3', 'Charlie', 3 * 1024 * 1024),
          demo(2, 'mp_crash', null, 'Ghost', 2048),
        ],
      },
      { mapName: 'mp_strike', mapTitle: null, demos: [demo(3, 'mp_strike', 'player7', 'Golf', 512 * 1024)] },
    ];
    fakeApi({ 'GET /api/v1/match/42/demos': { status: 200, body: { data } } });
    renderWithProviders(<DemosList matchId={42} />);
    const section = await screen.findByRole('region', { name: 'Demos' });
    const crash = (await within(section).findByRole('heading', { name: 'Crash' })).parentElement;
    expect(crash?.textContent).toContain('player3 - Charlie · 3.0 MB · Download');
    expect(crash?.textContent).toContain('Ghost · 2 KB · Download');
    expect(within(section).getByRole('heading', { name: 'mp_strike' })).toBeTruthy();
    const links = within(section).getAllByRole('link', { name: 'Download' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/api/v1/demos/1/download',
      '/api/v1/demos/2/download',
      '/api/v1/demos/3/download',
    ]);
  });

  it('says when there are none yet, and shows nothing to a viewer the server refuses', async () => {
    fakeApi({ 'GET /api/v1/match/42/demos': { status: 200, body: { data: [] } } });
    const { unmount } = renderWithProviders(<DemosList matchId={42} />);
    expect(await screen.findByText("No demos yet: each map's demos are listed when it ends.")).toBeTruthy();
    unmount();
    const { requests } = fakeApi({
      'GET /api/v1/match/43/demos': { status: 403, body: { message: 'Only the players.' } },
    });
    const { container } = renderWithProviders(<DemosList matchId={43} />);
    await waitFor(() => expect(container.textContent).toBe(''), { timeout: 5000 });
    expect(requests.length).toBeGreaterThan(0);
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { serverPollMs, type MatchServer } from '../../api/match-server';
import { MatchServerBox } from './match-server-box';
import { ServerDetails } from './server-details';
import { STATUS } from '@versus/common/match/statuses';

const server = (overrides: Partial<MatchServer> = {}): MatchServer => ({
  gameServerUuid: '3f0e6f0e-1c8b-4f5e-9a51-2b7c1f0d9a11',
  connectionString: '/connect 127.0.0.1:28960; password secret',
  serverAvailable: true,
  canSeeServer: true,
  matchState: STATUS.inProgress,
  locationIcon: 'de',
  locationCity: 'Frankfurt',
  locationCountry: 'Germany',
  kicks: [],
  absences: [],
  restore: null,
  ...overrides,
});
const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Match Server box', () => {
  it.each([
    ['OFFLINE', 'Server is OFFLINE'],
    ['STARTING', 'Server is starting ...'],
  ] as const)('%s status', (status, text) => {
    render(<ServerDetails server={server()} status={{ status, players: 0, maxPlayers: 10, map: null }} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('no server', () => {
    render(
      <ServerDetails server={server({ serverAvailable: false, gameServerUuid: null })} status={undefined} />,
    );
    expect(screen.getByText('No server is available')).toBeTruthy();
  });

  it('online: players, map, and the connection string copied on click with feedback for 2 s', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <ServerDetails
        server={server()}
        status={{ status: 'ONLINE', players: 3, maxPlayers: 10, map: 'mp_crash' }}
        mapNames={{ mp_crash: 'Crash' }}
      />,
    );
    expect(document.querySelector('.server-facts')?.textContent).toBe('PlayersPlayers: 3 / 10MapCrash');
    fireEvent.click(screen.getByRole('button', { name: /Copy connection details/ }));
    expect(await screen.findByText('Connection details successfully copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('/connect 127.0.0.1:28960; password secret');
    await vi.advanceTimersByTimeAsync(2100);
    await waitFor(() => expect(screen.queryByText('Connection details successfully copied!')).toBeNull());

    // The connection string itself copies on click too.
    writeText.mockClear();
    fireEvent.click(screen.getByRole('button', { name: '/connect 127.0.0.1:28960; password secret' }));
    expect(await screen.findByText('Connection details successfully copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('/connect 127.0.0.1:28960; password secret');
    vi.useRealTimers();
  });

  it('a lineup player away from the server: "left the server 1:20 ago", counting up each second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date('2026-03-01T20:00:00Z'));
    const online = { status: 'ONLINE', players: 9, maxPlayers: 10, map: 'mp_crash' } as const;
    const view = render(
      <ServerDetails
        server={server({
          absences: [{ userId: 3, username: 'player3', leftAt: '2026-03-01T19:58:40.000Z' }],
        })}
        status={online}
      />,
    );
    const line = () => document.querySelector('.server-absences')?.textContent;
    expect(line()).toBe('player3 left the server 1:20 ago');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(line()).toBe('player3 left the server 1:21 ago');
    await act(() => vi.advanceTimersByTimeAsync(60 * 60 * 1000));
    expect(line()).toBe('player3 left the server 1:01:21 ago');
    // He came back: the line is gone.
    view.rerender(<ServerDetails server={server()} status={online} />);
    expect(line()).toBeUndefined();
    vi.useRealTimers();
  });

  it('falls back to execCommand when the clipboard API is missing', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    render(
      <ServerDetails
        server={server()}
        status={{ status: 'ONLINE', players: 0, maxPlayers: 10, map: null }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Copy connection details/ }));
    expect(await screen.findByText('Connection details successfully copied!')).toBeTruthy();
    expect(exec).toHaveBeenCalledWith('copy');
  });

  it('in the veto says the server comes later; hidden in other states and from those who may not see it', async () => {
    fakeApi({
      'GET /api/v1/match/42/server': ok(server({ matchState: STATUS.mapVeto, serverAvailable: false })),
    });
    const view = renderWithProviders(<MatchServerBox matchId={42} statusId={2} decidedBy="ping" />);
    expect(await screen.findByText('Server is generated when VETO ends')).toBeTruthy();
    // The location's flag, city and country, and the rule that chose it, from the veto on.
    expect(document.querySelector('.server-location')?.textContent?.trim()).toBe(
      'Frankfurt, Germany · Lowest median ping',
    );
    expect(document.querySelector('.server-location img.flag')?.getAttribute('alt')).toBe('Flag: DE');
    view.unmount();
    // Without a city (an older answer): the country alone.
    fakeApi({
      'GET /api/v1/match/42/server': ok(
        server({ matchState: STATUS.mapVeto, serverAvailable: false, locationCity: null }),
      ),
    });
    const noCity = renderWithProviders(<MatchServerBox matchId={42} statusId={2} />);
    await screen.findByText('Server is generated when VETO ends');
    expect(document.querySelector('.server-location')?.textContent?.trim()).toBe('Germany');
    noCity.rerender(<MatchServerBox matchId={42} statusId={5} />);
    expect(screen.queryByText('Match Server')).toBeNull();
    noCity.unmount();

    fakeApi({ 'GET /api/v1/match/42/server': ok(server({ canSeeServer: false })) });
    const { requests } = fakeApi({ 'GET /api/v1/match/42/server': ok(server({ canSeeServer: false })) });
    renderWithProviders(<MatchServerBox matchId={42} statusId={4} />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests).toHaveLength(1);
    expect(screen.queryByText('Match Server')).toBeNull();
  });

  it('says when the map was restored at its score, and why', async () => {
    const at = '2026-03-01T20:15:00.000Z';
    fakeApi({
      'GET /api/v1/match/42/server': ok(
        server({ restore: { reason: 'crash', firstScore: 7, secondScore: 5, at } }),
      ),
      'GET /api/v1/game-server/3f0e6f0e-1c8b-4f5e-9a51-2b7c1f0d9a11/status': {
        status: 200,
        body: { status: 'ONLINE', players: 10, maxPlayers: 10, map: 'mp_crash' },
      },
    });
    renderWithProviders(<MatchServerBox matchId={42} statusId={STATUS.inProgress} />);
    const notice = await screen.findByText(/Map restored at 7:5 after a server crash/);
    expect(notice.querySelector('time')?.getAttribute('datetime')).toBe(at);
    // Only admins get the restart button.
    expect(screen.queryByRole('button', { name: 'Restart the map at the score' })).toBeNull();
  });

  it('lets an admin restart the map at the score', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { requests } = fakeApi({
      'GET /api/v1/match/42/server': ok(server()),
      'GET /api/v1/game-server/3f0e6f0e-1c8b-4f5e-9a51-2b7c1f0d9a11/status': {
        status: 200,
        body: { status: 'ONLINE', players: 10, maxPlayers: 10, map: 'mp_crash' },
      },
      'POST /api/v1/match/42/server/restore': { status: 200, body: { message: 'The map restarts at 7:5.' } },
    });
    renderWithProviders(<MatchServerBox matchId={42} statusId={STATUS.inProgress} isAdmin />);
    fireEvent.click(await screen.findByRole('button', { name: 'Restart the map at the score' }));
    expect(await screen.findByText('The map restarts at 7:5.')).toBeTruthy();
    expect(requests.some((r) => r.method?.toUpperCase() === 'POST' && r.url?.endsWith('/restore'))).toBe(
      true,
    );
  });

  it('polls every 30 s, every 10 s while starting', () => {
    expect(serverPollMs('ONLINE')).toBe(30_000);
    expect(serverPollMs('OFFLINE')).toBe(30_000);
    expect(serverPollMs(undefined)).toBe(30_000);
    expect(serverPollMs('STARTING')).toBe(10_000);
  });
});

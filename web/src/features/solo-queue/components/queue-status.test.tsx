import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import type { QueueStatus, QueueStatusChange, SoloQueuePop } from '@versus/common/api/solo-queue';
import { TURN_SOUND_KEY } from '@/lib/turn-alerts';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { renderApp } from '@/testing/render-app';

const USER_ID = 5;

/** A status as the server would send it now: waiting `waitedMs`, optionally in `pop`. */
function status(waitedMs: number, pop: Partial<SoloQueuePop> | null = null): QueueStatus {
  const now = Date.now();
  return {
    entry: {
      queueId: 1,
      queueName: '5v5 Solo Queue',
      joinedAt: new Date(now - waitedMs).toISOString(),
      position: 3,
    },
    pop: pop && {
      id: 40,
      queueId: 1,
      queueName: '5v5 Solo Queue',
      deadline: new Date(now + 30_000).toISOString(),
      seconds: 30,
      acceptedCount: 0,
      playersNeeded: 10,
      accepted: false,
      ...pop,
    },
    cooldownUntil: null,
    now: new Date(now).toISOString(),
  };
}

const outOfQueue = (cooldownUntil: string | null = null): QueueStatus => ({
  entry: null,
  pop: null,
  cooldownUntil,
  now: new Date().toISOString(),
});

/** A fake Web Audio that records each chime it is asked for. */
function installFakeAudio() {
  const tones: number[] = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    createGain() {
      return { gain: { value: 0 }, connect: () => undefined };
    }
    createOscillator() {
      const oscillator = {
        type: 'sine',
        frequency: { value: 0 },
        connect: () => undefined,
        start: () => tones.push(oscillator.frequency.value),
        stop: () => undefined,
      };
      return oscillator;
    }
    resume() {
      return Promise.resolve();
    }
    close() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return tones;
}

function setup(
  initial: QueueStatus,
  routes: Record<string, FakeAnswer | ((r: InternalAxiosRequestConfig) => FakeAnswer)> = {},
) {
  const api = fakeApi({
    'GET /api/v1/auth/me': { status: 200, body: { data: makeUser({ id: USER_ID }) } },
    'GET /api/v1/solo-queues/me': { status: 200, body: { data: initial } },
    ...routes,
  });
  const echo = installFakeEcho();
  return { api, echo };
}

/** Waits until the header listens on the private channel, then returns a way to play the server. */
async function liveChannel(echo: ReturnType<typeof installFakeEcho>) {
  await waitFor(() => expect(echo.channels.has(`notification.${String(USER_ID)}`)).toBe(true));
  const channel = echo.channel(`notification.${String(USER_ID)}`);
  act(() => channel.succeed());
  await waitFor(() => expect(document.querySelector('[data-queue-live="true"]')).not.toBeNull());
  return (change: QueueStatusChange, next: QueueStatus) =>
    act(() => channel.emit('OnSoloQueueStatus', { change, status: next }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.title = 'Versus';
});

describe('the header queue indicator', () => {
  it('shows "In queue" with the time since joining, ticking, on any page, and leaves the queue', async () => {
    const requests: string[] = [];
    setup(status(133_400), {
      'POST /api/v1/solo-queues/1/leave': (request) => {
        requests.push(request.url ?? '');
        return {
          status: 200,
          body: { message: 'You left the queue.', data: { queue: {}, status: outOfQueue() } },
        };
      },
    });
    renderApp('/teams');
    const indicator = await screen.findByTestId('queue-indicator');
    expect(indicator.textContent).toContain('In queue 2:13');
    expect(within(indicator).getByRole('link').getAttribute('href')).toBe('/queue');
    const time = within(indicator).getByText(/^\d+:\d\d$/);
    const shown = time.textContent;
    await waitFor(() => expect(time.textContent).not.toBe(shown));

    fireEvent.click(within(indicator).getByRole('button', { name: 'Leave the queue' }));
    await waitFor(() => expect(screen.queryByTestId('queue-indicator')).toBeNull());
    expect(requests).toEqual(['/api/v1/solo-queues/1/leave']);
    expect(await screen.findByText('You left the queue.')).toBeTruthy();
  });

  it('appears when the player joins in another tab and goes when they leave there', async () => {
    const { echo } = setup(outOfQueue());
    renderApp('/teams');
    const emit = await liveChannel(echo);
    expect(screen.queryByTestId('queue-indicator')).toBeNull();
    emit('joined', status(0));
    expect((await screen.findByTestId('queue-indicator')).textContent).toContain('In queue 0:00');
    emit('left', outOfQueue());
    await waitFor(() => expect(screen.queryByTestId('queue-indicator')).toBeNull());
  });
});

describe('the "Match found" dialog', () => {
  it('pops over any page with a chime and a 30 s countdown, counts the accepts, and takes the tab to the room', async () => {
    const tones = installFakeAudio();
    const accepted: string[] = [];
    const { echo } = setup(status(60_000), {
      'POST /api/v1/solo-queues/pops/40/accept': (request) => {
        accepted.push(request.url ?? '');
        return {
          status: 200,
          body: {
            message: 'You accepted the match.',
            data: { matchId: null, status: status(70_000, { acceptedCount: 4, accepted: true }) },
          },
        };
      },
    });
    const { router } = renderApp('/user/someone');
    const emit = await liveChannel(echo);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    emit('pop-started', status(60_000, {}));
    const dialog = await screen.findByRole('alertdialog', { name: 'Match found' });
    expect(within(dialog).getByText('5v5 Solo Queue')).toBeTruthy();
    expect(within(dialog).getByTestId('queue-pop-seconds').textContent).toMatch(/^(30|29)$/);
    expect(within(dialog).getByText(/seconds left to accept/)).toBeTruthy();
    expect(within(dialog).getByText('0 of 10 accepted')).toBeTruthy();
    // The sound is on by default: the chime was asked for, and the dialog says it played.
    await waitFor(() => expect(within(dialog).getByTestId('queue-pop').dataset.sound).toBe('played'));
    expect(tones).toEqual([523, 659, 784, 1047]);
    expect(document.title).toMatch(/^Match found!/);
    // Escape does not dismiss it.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    emit('pop-accepted', status(62_000, { acceptedCount: 3 }));
    expect(await within(dialog).findByText('3 of 10 accepted')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const done = await within(dialog).findByRole('button', { name: 'Accepted: waiting for the others' });
    expect(done).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('4 of 10 accepted')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(accepted).toEqual(['/api/v1/solo-queues/pops/40/accept']);
    // The same pop again (another accept) does not chime twice.
    emit('pop-accepted', status(63_000, { acceptedCount: 9, accepted: true }));
    await within(dialog).findByText('9 of 10 accepted');
    expect(tones).toHaveLength(4);

    // Everyone accepted: the dialog closes and the tab goes to the match room.
    emit('matched', outOfQueue());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.title).not.toMatch(/Match found/);
    act(() =>
      echo
        .channel(`notification.${String(USER_ID)}`)
        .emit('OnSoloQueueMatchFound', { matchId: 7, queueId: 1, url: '/match/7' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/match/7'));
  });

  it('keeps quiet when the sound is switched off, and shows a refused accept in the dialog', async () => {
    localStorage.setItem(TURN_SOUND_KEY, 'false');
    const tones = installFakeAudio();
    setup(status(10_000, { id: 41, acceptedCount: 2 }), {
      'POST /api/v1/solo-queues/pops/41/accept': {
        status: 409,
        body: { message: 'This ready check is over.' },
      },
    });
    renderApp('/teams');
    const dialog = await screen.findByRole('alertdialog', { name: 'Match found' });
    await waitFor(() => expect(within(dialog).getByTestId('queue-pop').dataset.sound).toBe('off'));
    expect(tones).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This ready check is over.');
  });

  it('declines: the dialog and the indicator go, and the cooldown is said', async () => {
    installFakeAudio();
    const cooldownUntil = new Date(Date.now() + 120_000).toISOString();
    const { echo } = setup(status(5000, {}), {
      'POST /api/v1/solo-queues/pops/40/decline': {
        status: 200,
        body: {
          message: 'You declined the match and left the queue.',
          data: { status: outOfQueue(cooldownUntil) },
        },
      },
    });
    renderApp('/teams');
    const emit = await liveChannel(echo);
    const dialog = await screen.findByRole('alertdialog', { name: 'Match found' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByTestId('queue-indicator')).toBeNull();
    emit('pop-declined', outOfQueue(new Date(Date.now() + 120_000).toISOString()));
    expect(
      await screen.findByText('You declined the match and left the queue. You can queue again in 2:00.'),
    ).toBeTruthy();
  });

  it('closes when another player declines, and says the player is back at their place', async () => {
    installFakeAudio();
    const { echo } = setup(status(5000, {}));
    renderApp('/teams');
    const emit = await liveChannel(echo);
    await screen.findByRole('alertdialog', { name: 'Match found' });
    emit('pop-requeued', status(6000));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(
      await screen.findByText('A player did not accept: you are back in the queue at your place.'),
    ).toBeTruthy();
    const indicator = await screen.findByTestId('queue-indicator');
    await waitFor(() => expect(indicator.textContent).toMatch(/In queue 0:0[6-9]/));
  });
});

// `/queue` as a player lives it: the queues with their live counts, joining (the header follows at once, a
// join that fills the queue opens the ready check instead of a toast), leaving, and a refused leave.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueueStatus, SoloQueue } from '@versus/common/api/solo-queue';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/factories';
import { fakeApi, type FakeAnswer } from '@/testing/fake-api';
import { installFakeEcho } from '@/testing/fake-echo';
import { renderApp } from '@/testing/render-app';

type Routes = Record<string, FakeAnswer | ((request: InternalAxiosRequestConfig) => FakeAnswer)>;

const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

const queue = (overrides: Partial<SoloQueue> = {}): SoloQueue => ({
  id: 1,
  name: 'EU 5v5',
  slug: 'eu-5v5',
  teamSize: 5,
  bestOf: 1,
  teamFormation: 'draft',
  playersNeeded: 10,
  queuedCount: 3,
  inQueue: false,
  ...overrides,
});

const balanced = queue({
  id: 2,
  name: 'EU 2v2',
  slug: 'eu-2v2',
  teamSize: 2,
  bestOf: 3,
  teamFormation: 'balanced',
  playersNeeded: 4,
  queuedCount: 0,
});

const outOfQueue = (): QueueStatus => ({
  entry: null,
  pop: null,
  cooldownUntil: null,
  now: new Date().toISOString(),
});

/** Waiting in EU 5v5 since now; with a ready check when `popId` is given. */
function waiting(popId: number | null = null): QueueStatus {
  const now = Date.now();
  return {
    entry: { queueId: 1, queueName: 'EU 5v5', joinedAt: new Date(now).toISOString(), position: 10 },
    pop:
      popId === null
        ? null
        : {
            id: popId,
            queueId: 1,
            queueName: 'EU 5v5',
            deadline: new Date(now + 30_000).toISOString(),
            seconds: 30,
            acceptedCount: 0,
            playersNeeded: 10,
            accepted: false,
          },
    cooldownUntil: null,
    now: new Date(now).toISOString(),
  };
}

/** Signed in (user 5) and out of every queue, with a fake realtime connection. */
function signedIn(routes: Routes) {
  const echo = installFakeEcho();
  const api = fakeApi({
    'GET /api/v1/auth/me': ok(makeUser({ id: 5 })),
    'GET /api/v1/solo-queues/me': ok(outOfQueue()),
    ...routes,
  });
  return { api, echo };
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

const posted = (api: ReturnType<typeof fakeApi>) =>
  api.requests.filter((r) => r.method === 'post').map((r) => r.url);

describe('the Solo queue page', () => {
  it('shows each queue with its format, its waiting count and a Join button', async () => {
    signedIn({ 'GET /api/v1/solo-queues': ok([queue(), balanced]) });
    renderApp('/queue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Solo queue' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'EU 5v5' });
    const draft = card('EU 5v5');
    expect(draft.textContent).toContain("5v5 · best of 1 · captains' draft");
    expect(draft.textContent).toContain('3 of 10 players waiting');
    expect(within(draft).getByRole('button', { name: 'Join EU 5v5' })).toBeTruthy();
    const even = card('EU 2v2');
    expect(even.textContent).toContain('2v2 · best of 3 · balanced teams');
    expect(even.textContent).toContain('0 of 4 players waiting');
    expect(screen.queryByText('Sign in to join a queue.')).toBeNull();
  });

  it('asks a visitor to sign in and offers no button', async () => {
    installFakeEcho();
    fakeApi({
      'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } },
      'GET /api/v1/solo-queues': ok([queue()]),
    });
    renderApp('/queue');
    expect(await screen.findByText('Sign in to join a queue.')).toBeTruthy();
    await screen.findByRole('heading', { name: 'EU 5v5' });
    expect(within(card('EU 5v5')).queryByRole('button')).toBeNull();
  });

  it('joins a queue: says so, marks the queue, and the header shows the wait at once', async () => {
    let joined = false;
    const { api } = signedIn({
      'GET /api/v1/solo-queues': () => ok([queue(joined ? { inQueue: true, queuedCount: 4 } : {})]),
      'POST /api/v1/solo-queues/1/join': () => {
        joined = true;
        return {
          status: 200,
          body: {
            message: 'You joined EU 5v5.',
            data: { queue: queue({ inQueue: true, queuedCount: 4 }), status: waiting() },
          },
        };
      },
    });
    renderApp('/queue');
    fireEvent.click(await screen.findByRole('button', { name: 'Join EU 5v5' }));
    expect(await screen.findByText('You joined EU 5v5.')).toBeTruthy();
    expect(await within(card('EU 5v5')).findByText('You are in this queue')).toBeTruthy();
    expect(within(card('EU 5v5')).getByRole('button', { name: 'Leave EU 5v5' })).toBeTruthy();
    expect(screen.getByTestId('queue-count-1').textContent).toBe('4');
    expect((await screen.findByTestId('queue-indicator')).textContent).toContain('In queue 0:0');
    expect(posted(api)).toEqual(['/api/v1/solo-queues/1/join']);
  });

  it('a join that fills the queue opens the ready check instead of a toast', async () => {
    signedIn({
      'GET /api/v1/solo-queues': ok([queue({ queuedCount: 9 })]),
      'POST /api/v1/solo-queues/1/join': {
        status: 200,
        body: {
          message: 'You joined EU 5v5.',
          data: { queue: queue({ inQueue: true, queuedCount: 10 }), status: waiting(40) },
        },
      },
    });
    renderApp('/queue');
    fireEvent.click(await screen.findByRole('button', { name: 'Join EU 5v5' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Match found' });
    expect(within(dialog).getByText('0 of 10 accepted')).toBeTruthy();
    expect(screen.queryByText('You joined EU 5v5.')).toBeNull();
  });

  it('leaves a queue and says so', async () => {
    let inQueue = true;
    const { api } = signedIn({
      'GET /api/v1/solo-queues/me': ok(waiting()),
      'GET /api/v1/solo-queues': () => ok([queue({ inQueue })]),
      'POST /api/v1/solo-queues/1/leave': () => {
        inQueue = false;
        return {
          status: 200,
          body: { message: 'You left the queue.', data: { queue: queue(), status: outOfQueue() } },
        };
      },
    });
    renderApp('/queue');
    fireEvent.click(await screen.findByRole('button', { name: 'Leave EU 5v5' }));
    expect(await screen.findByText('You left the queue.')).toBeTruthy();
    expect(await within(card('EU 5v5')).findByRole('button', { name: 'Join EU 5v5' })).toBeTruthy();
    expect(within(card('EU 5v5')).queryByText('You are in this queue')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('queue-indicator')).toBeNull());
    expect(posted(api)).toEqual(['/api/v1/solo-queues/1/leave']);
  });

  it('shows a refused leave on the queue’s card', async () => {
    signedIn({
      'GET /api/v1/solo-queues/me': ok(waiting()),
      'GET /api/v1/solo-queues': ok([queue({ inQueue: true }), balanced]),
      'POST /api/v1/solo-queues/1/leave': {
        status: 409,
        body: { message: 'Your match is being formed: you can no longer leave.' },
      },
    });
    renderApp('/queue');
    fireEvent.click(await screen.findByRole('button', { name: 'Leave EU 5v5' }));
    expect((await within(card('EU 5v5')).findByRole('alert')).textContent).toBe(
      'Your match is being formed: you can no longer leave.',
    );
    expect(within(card('EU 2v2')).queryByRole('alert')).toBeNull();
  });

  it('keeps the waiting count live from the queue’s channel', async () => {
    const { echo } = signedIn({ 'GET /api/v1/solo-queues': ok([queue(), balanced]) });
    renderApp('/queue');
    await screen.findByRole('heading', { name: 'EU 5v5' });
    await waitFor(() => expect(echo.channels.has('solo-queue.1')).toBe(true));
    const channel = echo.channel('solo-queue.1');
    act(() => channel.succeed());
    act(() => channel.emit('OnSoloQueueUpdate', { queueId: 1, queuedCount: 7, playersNeeded: 10 }));
    await waitFor(() => expect(screen.getByTestId('queue-count-1').textContent).toBe('7'));
    expect(screen.getByTestId('queue-count-2').textContent).toBe('0');
  });
});

import type { SoloQueue } from '@versus/common/api/solo-queue';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { QueuePage } from './queue-page';

const queue: SoloQueue = {
  id: 1,
  name: 'CoD4 5v5',
  slug: 'cod4-5v5',
  teamSize: 5,
  bestOf: 1,
  teamFormation: 'draft',
  playersNeeded: 10,
  queuedCount: 3,
  inQueue: false,
};

describe('the solo-queue page', () => {
  it('shows a refused join on the queue that refused it, not only in a toast', async () => {
    fakeApi({
      'GET /api/v1/solo-queues': { status: 200, body: { data: [queue] } },
      'POST /api/v1/solo-queues/1/join': {
        status: 409,
        body: { message: 'You did not accept a match: you can queue again in 1:45.' },
      },
    });
    renderWithProviders(<QueuePage userId={4} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Join CoD4 5v5' }));
    const card = screen.getByRole('heading', { name: 'CoD4 5v5' }).closest('li')!;
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'You did not accept a match: you can queue again in 1:45.',
    );
  });
});

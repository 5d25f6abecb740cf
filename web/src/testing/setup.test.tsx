import { fireEvent, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { fakeApi } from './fake-api';
import { renderApp } from './render-app';

/** Busy-waits `ms` a little after the current microtasks, as a loaded machine stalls between two tasks. */
function stallSoon(ms: number) {
  let hops = 0;
  const hop = () => {
    if (++hops < 200) return queueMicrotask(hop);
    const end = Date.now() + ms;
    while (Date.now() < end) {
      // the stall itself
    }
  };
  queueMicrotask(hop);
}

// CI once failed here: on a loaded machine a find resolved before React had run the form's effects, the click's
// mutation settled with no subscriber, and TanStack Query dropped its onError, so the form showed nothing.
it("a find waits for the effects of the render it found, so the form's error shows on a slow machine", async () => {
  fakeApi({
    'GET /api/v1/auth/me': { status: 401, body: { message: 'Unauthenticated.' } },
    'POST /api/v1/auth/forgot-password': {
      status: 429,
      body: { message: 'Too many password reset requests.' },
    },
  });
  const watch = new MutationObserver(() => {
    if (!document.querySelector('input[name=emailOrUsername]')) return;
    watch.disconnect();
    stallSoon(5);
  });
  watch.observe(document.body, { childList: true, subtree: true });
  renderApp('/forgot-password');
  fireEvent.change(await screen.findByLabelText('Email or username'), { target: { value: 'soap' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
    'Too many password reset requests.',
  );
});

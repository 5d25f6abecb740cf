import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { setEchoForTesting } from '@/lib/echo';
import { resetToastSuppressionForTesting } from '@/lib/notify';
import { setSocketId } from '@/lib/socket-id';

const realAdapter = apiClient.defaults.adapter;

// `findBy*` waits up to 1 s by default; a page that lazy-loads its panels can take longer (5 s was seen) when the machine
// runs other test projects at the same time (CI runs them all at once on 2 cores).
configure({ asyncUtilTimeout: 10_000 });

// A `findBy*` resolves as soon as the element is in the DOM, which can be before React has run the effects of the
// render that put it there: React runs them in a Scheduler task (setImmediate in Node), and Testing Library's own
// wait after a find is a setTimeout(0), which fires first when the machine is slow enough for 1 ms to pass. A click
// in that gap reaches components whose stores are not subscribed yet, and TanStack Query then drops the callbacks
// given to `mutate(..., { onError })`: the form never shows its error (CI failed on this once). A browser runs
// those effects before the next input event, so each find also waits for the Scheduler's pending task here.
const findWrapper = getConfig().asyncWrapper.bind(undefined); // React Testing Library's own (act environment off)
configure({
  asyncWrapper: (run) =>
    findWrapper(async () => {
      const result: unknown = await run();
      await new Promise((resolve) => setImmediate(resolve));
      return result;
    }),
});

// Vitest globals are off, so Testing Library cannot register its own cleanup; do it here, together with
// the other state that outlives a test in jsdom (storage, the socket id, a fake Echo, a fakeApi() transport).
afterEach(() => {
  cleanup();
  localStorage.clear();
  setSocketId(null);
  setEchoForTesting(null);
  apiClient.defaults.adapter = realAdapter;
  resetToastSuppressionForTesting();
});

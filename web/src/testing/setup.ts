import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { setEchoForTesting } from '@/lib/echo';
import { resetToastSuppressionForTesting } from '@/lib/notify';
import { setSocketId } from '@/lib/socket-id';

const realAdapter = apiClient.defaults.adapter;

// `findBy*` waits up to 1 s by default; a page that lazy-loads its panels can take longer (5 s was seen) when the machine
// runs other test projects at the same time (CI runs them all at once on 2 cores).
configure({ asyncUtilTimeout: 10_000 });

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

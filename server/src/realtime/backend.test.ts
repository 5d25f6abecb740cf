import { describe, expect, it } from 'vitest';
import { createBackend } from './backend.ts';
import { TEST_PUSHER } from './test-support/test-app.ts';

const log = { error: () => {}, warn: () => {}, debug: () => {} } as unknown as Parameters<
  typeof createBackend
>[1];

describe.skipIf(process.env.TEST_DB === 'postgres')('realtime back end', () => {
  it('fails clearly when the configured Redis does not answer', async () => {
    const options = { allowedOrigins: [], redisUrl: 'redis://127.0.0.1:1', pusher: TEST_PUSHER };
    await expect(createBackend(options, log)).rejects.toThrow(/Redis at 127.0.0.1:1 did not answer/);
  });
});

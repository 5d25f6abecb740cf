// Answers checked against the contract: a test reads an answer through the same zod schema the route
// declares (from `@versus/common/api/*`), so a test can never assert on a shape the API does not have.
import { expect } from 'vitest';
import { z } from 'zod';
import type { InjectResult } from './client.ts';

/**
 * Asserts the status (200 unless told) and that the body matches `schema`; returns the parsed body,
 * typed. A mismatch fails with every issue and the body.
 */
export function expectAnswer<S extends z.ZodType>(
  res: Pick<InjectResult, 'status' | 'body'>,
  schema: S,
  status = 200,
): z.output<S> {
  expect(res.status, `status of ${JSON.stringify(res.body)?.slice(0, 500)}`).toBe(status);
  const parsed = schema.safeParse(res.body);
  if (!parsed.success) {
    throw new Error(
      `The answer does not match its schema:\n${z.prettifyError(parsed.error)}\n${JSON.stringify(res.body, null, 2).slice(0, 2000)}`,
    );
  }
  return parsed.data;
}

import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorStatus } from './api-error';
import { withEarlyRequests } from './early-requests';

const config = (url: string, method = 'get') =>
  ({ url, method, headers: new AxiosHeaders() }) as InternalAxiosRequestConfig;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  delete (globalThis as { __versusEarly?: unknown }).__versusEarly;
});

describe('withEarlyRequests', () => {
  it('answers a GET once from the request index.html started, then asks the network', async () => {
    (globalThis as { __versusEarly?: unknown }).__versusEarly = {
      '/api/v1/match/7': Promise.resolve(json(200, { data: { id: 7 } })),
    };
    const next = vi.fn<AxiosAdapter>(async (c) => ({
      data: 'network',
      status: 200,
      statusText: 'OK',
      headers: {},
      config: c,
    }));
    const adapter = withEarlyRequests(next);
    expect((await adapter(config('/api/v1/match/7'))).data).toEqual({ data: { id: 7 } });
    expect(next).not.toHaveBeenCalled();
    expect((await adapter(config('/api/v1/match/7'))).data).toBe('network');
    expect((await adapter(config('/api/v1/match/7', 'post'))).data).toBe('network');
  });

  it('turns an error answer into the axios error the app reads, and retries a network failure', async () => {
    (globalThis as { __versusEarly?: unknown }).__versusEarly = {
      '/api/v1/match-detail/7': Promise.resolve(json(404, { message: 'Match not found.' })),
      '/api/v1/auth/me': Promise.reject(new TypeError('Failed to fetch')),
    };
    const next = vi.fn<AxiosAdapter>(async (c) => ({
      data: 'network',
      status: 200,
      statusText: 'OK',
      headers: {},
      config: c,
    }));
    const adapter = withEarlyRequests(next);
    const error: unknown = await adapter(config('/api/v1/match-detail/7')).catch((e: unknown) => e);
    expect(errorStatus(error)).toBe(404);
    expect((await adapter(config('/api/v1/auth/me'))).data).toBe('network');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { apiClient, FIRST_SOCKET_WAIT_MS } from './api-client';
import { setFirstConnectionPending, setSocketId } from './socket-id';

describe('apiClient', () => {
  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN on same-origin requests with credentials', () => {
    expect(apiClient.defaults).toMatchObject({
      withCredentials: true,
      withXSRFToken: true,
      xsrfCookieName: 'XSRF-TOKEN',
      xsrfHeaderName: 'X-XSRF-TOKEN',
    });
  });

  it('asks for JSON and sends X-Socket-ID only while a socket id is known', async () => {
    const { requests } = fakeApi({ 'POST /api/v1/thing': { status: 204 } });

    await apiClient.post('/api/v1/thing');
    setSocketId('123.456');
    await apiClient.post('/api/v1/thing');

    expect(requests.map((r) => r.headers.get('X-Socket-ID'))).toEqual([undefined, '123.456']);
    expect(requests[0]?.headers.get('Accept')).toBe('application/json');
  });

  describe("while the tab's first realtime connection is being made", () => {
    afterEach(() => {
      setFirstConnectionPending(false);
      vi.useRealTimers();
    });

    it('a change waits for the socket id and carries it; a read goes at once', async () => {
      const { requests } = fakeApi({
        'POST /api/v1/thing': { status: 204 },
        'GET /api/v1/thing': { status: 200, body: {} },
      });
      setFirstConnectionPending(true);

      await apiClient.get('/api/v1/thing');
      const change = apiClient.post('/api/v1/thing');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(requests.map((r) => r.method)).toEqual(['get']);

      setSocketId('123.456');
      await change;
      expect(requests.map((r) => [r.method, r.headers.get('X-Socket-ID')])).toEqual([
        ['get', undefined],
        ['post', '123.456'],
      ]);
    });

    it('a change goes without the header once the wait is over, or at once when the connection gave up', async () => {
      vi.useFakeTimers();
      const { requests } = fakeApi({ 'POST /api/v1/thing': { status: 204 } });
      setFirstConnectionPending(true);

      const change = apiClient.post('/api/v1/thing');
      await vi.advanceTimersByTimeAsync(FIRST_SOCKET_WAIT_MS - 100);
      expect(requests).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(200);
      await change;
      expect(requests[0]?.headers.get('X-Socket-ID')).toBeUndefined();

      const another = apiClient.post('/api/v1/thing');
      setFirstConnectionPending(false);
      await vi.advanceTimersByTimeAsync(1);
      await another;
      expect(requests).toHaveLength(2);
    });
  });
});

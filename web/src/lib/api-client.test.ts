import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { apiClient } from './api-client';
import { setSocketId } from './socket-id';

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
});

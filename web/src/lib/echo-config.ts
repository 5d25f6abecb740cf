import type { RealtimeClientConfig } from '@versus/common/realtime';
import type { Options } from 'pusher-js';
import { apiClient } from './api-client';
import type { DataEnvelope } from '@/types/api';

/** The part of `window.location` the connection defaults come from. */
export type PageOrigin = Pick<Location, 'protocol' | 'hostname' | 'port'>;

/** Asks the server how to reach its realtime service (key, host, port), so no rebuild is needed to move it. */
export async function fetchRealtimeConfig(): Promise<RealtimeClientConfig> {
  const response = await apiClient.get<DataEnvelope<RealtimeClientConfig>>('/api/v1/realtime/config');
  return response.data.data;
}

/**
 * pusher-js connection options from the server's config; every null in it means "the page's own origin"
 * (the embedded service shares the API's host, port and scheme).
 */
export function connectionOptions(
  config: RealtimeClientConfig,
  page: PageOrigin,
): Pick<
  Options,
  'cluster' | 'wsHost' | 'wsPort' | 'wssPort' | 'forceTLS' | 'enabledTransports' | 'disableStats'
> {
  const https = page.protocol === 'https:';
  const pagePort = page.port === '' ? (https ? 443 : 80) : Number(page.port);
  return {
    // pusher-js refuses to start without a cluster even when wsHost makes it irrelevant.
    cluster: config.cluster,
    wsHost: config.wsHost ?? page.hostname,
    wsPort: config.wsPort ?? pagePort,
    wssPort: config.wssPort ?? pagePort,
    forceTLS: config.forceTLS ?? https,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
  };
}

import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { apiClient } from '@/lib/api-client';

/** What a fake route answers: a status and a JSON body. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Handler = (request: InternalAxiosRequestConfig) => FakeAnswer;

/**
 * Replaces the API client's transport with in-memory routes keyed "METHOD /path", so components run their
 * real request code without a network or a mock library. Unknown routes answer 404. Every request is kept
 * in `requests` for assertions.
 */
export function fakeApi(routes: Record<string, FakeAnswer | Handler>) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const route = routes[`${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`];
    const answer =
      typeof route === 'function'
        ? route(config)
        : (route ?? { status: 404, body: { message: 'Not found' } });
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: new AxiosHeaders(),
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    // Built-in adapters reject non-2xx answers the same way (axios' settle()).
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      'ERR_BAD_RESPONSE',
      config,
      null,
      response,
    );
  };
  apiClient.defaults.adapter = adapter;
  return { requests };
}

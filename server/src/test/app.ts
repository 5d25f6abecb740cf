import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real application on a fresh test database; env overrides tune the configuration. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', ...env });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

interface InjectResult {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
  cookies: { name: string; value: string }[];
}

/** A browser-like client over `app.inject`: keeps cookies and echoes XSRF-TOKEN like axios does. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '10.0.0.1',
  ) {}

  get(url: string, headers: Record<string, string> = {}): Promise<InjectResult> {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<InjectResult> {
    return this.request('POST', url, payload, headers);
  }

  async request(
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<InjectResult> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.get('/api/v1/health');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
          : {}),
        ...(method !== 'GET' && xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...headers,
      },
      ...(payload === undefined
        ? {}
        : typeof payload === 'string'
          ? { payload }
          : { payload: payload as object }),
    });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie as { maxAge?: number }).maxAge === 0)
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let body: unknown = response.body;
    try {
      body = response.body ? JSON.parse(response.body) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.statusCode, body, headers: response.headers, cookies: response.cookies };
  }
}

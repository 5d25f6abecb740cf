// A browser-like test client over `app.inject`: keeps cookies and echoes XSRF-TOKEN like axios does.
import type { FastifyInstance } from 'fastify';

export interface InjectResult {
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

  patch(url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<InjectResult> {
    return this.request('PATCH', url, payload, headers);
  }

  put(url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<InjectResult> {
    return this.request('PUT', url, payload, headers);
  }

  async request(
    method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH',
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

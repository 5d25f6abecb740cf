import type { RunningServer } from './server';

/** A signed-in API client for one person, outside the browser: cookies and the XSRF header by hand. */
export interface ApiSession {
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;
}

/** Signs `username` (demo password) in through the API, as a second player's client would. */
export async function apiSession(server: RunningServer, username: string): Promise<ApiSession> {
  const cookies = new Map<string, string>();
  // 127.0.0.1 rather than localhost: the server binds IPv4 and Node may try ::1 first.
  const base = server.url.replace('localhost', '127.0.0.1');
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, body: json };
  };
  await call('GET', '/api/v1/auth/me');
  const login = await call('POST', '/api/v1/auth/login', { username, password: 'password' });
  if (login.status !== 200) throw new Error(`${username} could not sign in: ${JSON.stringify(login.body)}`);
  return { call };
}

#!/usr/bin/env node
// `npm run scenario -- <name> [--json]`: stages a fresh match of the demo world in a named state through
// the running server (embedded PGlite admits one process, so this never opens the database itself).
// The server is found through APP_URL, else PORT (default http://localhost:3000); it signs in as the demo
// admin and calls the development-only endpoint POST /api/v1/dev/scenarios/{name}.
const NAMES = [
  'ladder-challenge',
  'ladder-veto',
  'ladder-veto-bo3',
  'tournament-ready',
  'in-progress',
  'server-log-live',
  'server-log-result',
  'score-entered',
  'finished',
  'disputed',
  'pug-pick',
  'pug-location',
];

const args = process.argv.slice(2);
const json = args.includes('--json');
const name = args.find((a) => !a.startsWith('--'));
if (!name) {
  console.error(`Usage: npm run scenario -- <name> [--json]\nNames: ${NAMES.join(', ')}`);
  process.exit(2);
}

const base = (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '');
const cookies = new Map();

async function request(method, path, body) {
  const headers = { accept: 'application/json' };
  if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (method !== 'GET' && cookies.has('XSRF-TOKEN'))
    headers['x-xsrf-token'] = decodeURIComponent(cookies.get('XSRF-TOKEN'));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  return { status: res.status, data };
}

try {
  await request('GET', '/api/v1/health');
  const login = await request('POST', '/api/v1/auth/login', { username: 'admin', password: 'password' });
  if (login.status !== 200)
    throw new Error(`signing in as admin failed (${login.status}): ${login.data?.message ?? ''}`);
  const res = await request('POST', `/api/v1/dev/scenarios/${encodeURIComponent(name)}`);
  if (res.status !== 201) throw new Error(`${res.status}: ${res.data?.message ?? 'unexpected answer'}`);
  const s = res.data.data;
  if (json) {
    console.log(JSON.stringify({ ...s, url: base + s.url }));
  } else {
    console.log(`Scenario ${s.scenario}: match #${s.matchId} (status ${s.statusId})  ${base}${s.url}`);
    for (const side of ['challenger', 'opponent']) {
      const t = s[side];
      console.log(`  ${side.padEnd(10)} ${t.team}: captain ${t.captain}; players ${t.players.join(', ')}`);
    }
    console.log(`  password for every account: ${s.password}`);
  }
} catch (error) {
  const cause =
    error?.cause?.code === 'ECONNREFUSED'
      ? ` (is the server running at ${base}? start it with npm start)`
      : '';
  console.error(`scenario failed: ${error.message}${cause}`);
  process.exit(1);
}

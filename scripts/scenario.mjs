#!/usr/bin/env node
// `npm run scenario -- <name> [--json]`: stages a fresh match of the demo world in a named state through
// the running server (embedded PGlite admits one process, so this never opens the database itself).
// The server is found through APP_URL, else PORT (default http://localhost:3000); it calls the
// development-only endpoint POST /api/v1/dev/scenarios/{name} as the demo admin. The admin's session is kept
// between runs (in the user's cache folder, readable only by them, one per server address), signed in again only when
// the server no longer knows it, so runs in a row never meet the sign-in limit (5 a minute per username).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NAMES = [
  'ladder-challenge',
  'ladder-veto',
  'ladder-veto-bo3',
  'tournament-ready',
  'in-progress',
  'server-log-live',
  'server-log-result',
  'score-entered',
  'tournament-score-entered',
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
const sessionDir = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'versus');
const sessionFile = path.join(
  sessionDir,
  `scenario-session-${crypto.createHash('sha256').update(base).digest('hex').slice(0, 12)}.json`,
);

function loadSession() {
  try {
    const saved = JSON.parse(fs.readFileSync(sessionFile, 'utf8'));
    for (const [k, v] of Object.entries(saved)) if (typeof v === 'string') cookies.set(k, v);
    return cookies.size > 0;
  } catch {
    return false;
  }
}

function saveSession() {
  fs.mkdirSync(sessionDir, { recursive: true, mode: 0o700 });
  const tmp = `${sessionFile}.${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(Object.fromEntries(cookies)), { mode: 0o600 });
  fs.renameSync(tmp, sessionFile);
}

async function signIn() {
  cookies.clear();
  await request('GET', '/api/v1/health');
  const login = await request('POST', '/api/v1/auth/login', { username: 'admin', password: 'password' });
  if (login.status !== 200)
    throw new Error(`signing in as admin failed (${login.status}): ${login.data?.message ?? ''}`);
}

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
  const stage = () => request('POST', `/api/v1/dev/scenarios/${encodeURIComponent(name)}`);
  if (!loadSession()) await signIn();
  let res = await stage();
  // 401: the session expired or the server's data was reset; 419: its CSRF token is gone with it.
  if (res.status === 401 || res.status === 419) {
    await signIn();
    res = await stage();
  }
  if (res.status !== 401 && res.status !== 419) saveSession();
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

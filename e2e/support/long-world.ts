// A world of the longest names the server accepts, created through the public API as people would: players
// with 20-character usernames, teams with 50-character names and 10-character tags (no spaces, wide
// letters), a ladder and a tournament with 100-character titles, 500-character chat messages and a
// 2,000-character dispute reason. The phone stories walk every page with it.
import { STATUS } from '@versus/common/match/statuses';
import { expect } from 'vitest';
import type { RunningServer } from './server';

/** A signed-in API client: cookies and the XSRF header by hand, as a second client would. */
export interface Client {
  call: <T = unknown>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;
  /** Like `call`, but fails the test unless the answer is 2xx. */
  ok: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
}

function client(server: RunningServer): Client {
  const cookies = new Map<string, string>();
  // 127.0.0.1 rather than localhost: the server binds IPv4 and Node may try ::1 first.
  const base = server.url.replace('localhost', '127.0.0.1');
  const call = async <T>(method: string, path: string, body?: unknown) => {
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
    const json = (await response.json().catch(() => null)) as T;
    return { status: response.status, body: json };
  };
  const ok = async <T>(method: string, path: string, body?: unknown) => {
    const answer = await call<T>(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  return { call, ok };
}

/** Signs in with a password (the demo accounts' unless given). */
export async function signIn(
  server: RunningServer,
  username: string,
  password = 'password',
): Promise<Client> {
  const c = client(server);
  await c.call('GET', '/api/v1/auth/me');
  await c.ok('POST', '/api/v1/auth/login', { username, password });
  return c;
}

async function register(server: RunningServer, username: string): Promise<Client> {
  const c = client(server);
  await c.call('GET', '/api/v1/auth/me');
  await c.ok('POST', '/api/v1/auth/register', {
    username,
    email: `${username.toLowerCase()}@long.test`,
    password: LONG_PASSWORD,
  });
  return c;
}

export const LONG_PASSWORD = 'long-names-password';

/** `n` copies of a wide letter ending in `suffix`, `length` characters in all: no space to break at. */
const wide = (length: number, suffix: string) => 'W'.repeat(length - suffix.length) + suffix;

/** The longest texts each field takes (see common/src/api: usernames 20, team names 50, tags 10, ...). */
export const LONG = {
  username: (n: number) => wide(20, String(n)),
  teamName: (n: number) => wide(50, String(n)),
  tag: (n: number) => wide(10, String(n)),
  competition: (suffix: string) => wide(100, suffix),
  chat: wide(500, '.'),
  dispute: wide(2000, '.'),
  ticketMessage: wide(5000, '.'),
};

export interface LongPlayer {
  username: string;
  api: Client;
  teamId: number;
  teamSlug: string;
  teamName: string;
}

/** A registered player captaining a one-player team of the longest name. */
async function longPlayer(server: RunningServer, n: number): Promise<LongPlayer> {
  const username = LONG.username(n);
  const api = await register(server, username);
  const team = await api.ok<{ data: { id: number; slug: string } }>('POST', '/api/v1/teams', {
    name: LONG.teamName(n),
    tag: LONG.tag(n),
  });
  return { username, api, teamId: team.data.id, teamSlug: team.data.slug, teamName: LONG.teamName(n) };
}

interface VetoMatch {
  statusId: number;
  maps: { id: number; pickedByTeamId: number | null; removedByTeamId: number | null; deciderMap: boolean }[];
  vetoDetail: { userId: number } | null;
}

export interface LongWorld {
  admin: Client;
  players: LongPlayer[];
  ladder: { id: number; slug: string };
  tournament: { id: number; slug: string };
  /** The 1v1 ladder match of players 0 and 1, which the story walks through its statuses. */
  matchId: number;
}

/**
 * Creates the world: four long-named players and teams, a 1v1 ladder (fixed location, so an accepted
 * challenge goes straight to the veto; long turns, so no clock runs out during a story) that players 0 and 1
 * join, player 0's challenge of player 1, and a 1v1 tournament that players 2 and 3 sign up for, starting
 * `tournamentStartsInMs` from now.
 */
export async function createLongWorld(
  server: RunningServer,
  tournamentStartsInMs: number,
): Promise<LongWorld> {
  const admin = await signIn(server, 'admin');
  const pools = await admin.ok<{ data: { id: number }[] }>('GET', '/api/v1/admin/map-pools');
  const locations = await admin.ok<{ data: { id: number }[] }>('GET', '/api/v1/admin/locations');
  const competition = {
    mapPoolId: pools.data[0]!.id,
    teamSize: 1,
    vetoTurnSeconds: 600,
    locationRule: 'fixed',
    fixedLocationId: locations.data[0]!.id,
  };
  const ladder = (
    await admin.ok<{ data: { id: number; slug: string } }>('POST', '/api/v1/admin/ladders', {
      ...competition,
      name: LONG.competition('L'),
    })
  ).data;
  const starts = Date.now() + tournamentStartsInMs;
  const tournament = (
    await admin.ok<{ data: { id: number; slug: string } }>('POST', '/api/v1/admin/tournaments', {
      ...competition,
      name: LONG.competition('T'),
      description: wide(2000, '.'),
      format: 'single_elimination',
      startDate: new Date(starts).toISOString(),
      signupDeadline: new Date(starts - 1000).toISOString(),
      readyCheckMinutes: 60,
    })
  ).data;
  const players: LongPlayer[] = [];
  for (const n of [1, 2, 3, 4]) players.push(await longPlayer(server, n));
  const [a, b, c, d] = players as [LongPlayer, LongPlayer, LongPlayer, LongPlayer];
  for (const p of [a, b]) await p.api.ok('POST', `/api/v1/ladders/${ladder.slug}/join`, { teamId: p.teamId });
  for (const p of [c, d])
    await p.api.ok('POST', `/api/v1/tournaments/${tournament.slug}/signup`, { teamId: p.teamId });
  const challenge = await a.api.ok<{ data: { matchId?: number; id?: number } }>(
    'POST',
    `/api/v1/ladders/${ladder.id}/challenges`,
    { opponentTeamId: b.teamId },
  );
  const matchId = challenge.data.matchId ?? challenge.data.id;
  if (!matchId) throw new Error(`no match id in ${JSON.stringify(challenge)}`);
  // Long chat lines from both sides.
  for (const p of [a, b]) await p.api.ok('POST', '/api/v1/chat', { message: LONG.chat, id: matchId });
  return { admin, players, ladder, tournament, matchId };
}

/** Bans (and picks) maps as the captain on turn until the veto is over (`stopAfter` steps, if given). */
export async function playVeto(world: LongWorld, stopAfter = Infinity): Promise<void> {
  const [a, b] = world.players as [LongPlayer, LongPlayer];
  const ids = new Map<number, LongPlayer>();
  for (const p of [a, b])
    ids.set((await p.api.ok<{ data: { id: number } }>('GET', '/api/v1/auth/me')).data.id, p);
  for (let step = 0; step < stopAfter; step++) {
    const veto = (await world.admin.ok<{ data: VetoMatch }>('GET', `/api/v1/match/${world.matchId}`)).data;
    if (veto.statusId !== STATUS.mapVeto || !veto.vetoDetail) return;
    const free = veto.maps.find((m) => !m.pickedByTeamId && !m.removedByTeamId && !m.deciderMap);
    const onTurn = ids.get(veto.vetoDetail.userId);
    if (!free || !onTurn) throw new Error(`no move in ${JSON.stringify(veto)}`);
    await onTurn.api.ok('POST', `/api/v1/match/${world.matchId}/map/${free.id}`);
  }
}

/** Player 0 enters a 13-7 score for every map (the match goes to "score entered"). */
export async function enterScore(world: LongWorld): Promise<void> {
  const a = world.players[0]!;
  const form = await a.api.ok<{ data: { enteredScores: { id: number }[] } }>(
    'GET',
    `/api/v1/match-detail/score/form/${world.matchId}`,
  );
  await a.api.ok('POST', `/api/v1/match-detail/score/form/${world.matchId}`, {
    scores: form.data.enteredScores.map((s) => ({ id: s.id, firstScore: 13, secondScore: 7 })),
  });
}

/** Player 1 disputes with the longest reason; the admin answers with the longest message. The ticket id. */
export async function dispute(world: LongWorld): Promise<number> {
  const b = world.players[1]!;
  const opened = await b.api.ok<{ data: { ticket: { id: number } } }>(
    'POST',
    `/api/v1/match-detail/dispute/${world.matchId}`,
    { description: LONG.dispute },
  );
  const ticketId = opened.data.ticket.id;
  await world.admin.ok('POST', `/api/v1/tickets/${ticketId}/messages`, { message: LONG.ticketMessage });
  return ticketId;
}

/** Player 1 accepts player 0's challenge (the ladder's fixed location: straight to the veto). */
export async function acceptChallenge(world: LongWorld): Promise<void> {
  await world.players[1]!.api.ok('POST', `/api/v1/match-detail/status/${world.matchId}/accept`, {});
}

/** The admin settles the dispute with the entered scores (the match finishes). */
export async function resolveDispute(world: LongWorld, ticketId: number): Promise<void> {
  const form = await world.admin.ok<{ data: { enteredScores: { id: number }[] } }>(
    'GET',
    `/api/v1/match-detail/score/form/${world.matchId}`,
  );
  await world.admin.ok('POST', `/api/v1/tickets/${ticketId}/resolve`, {
    result: 'score',
    scores: form.data.enteredScores.map((s) => ({ id: s.id, firstScore: 13, secondScore: 7 })),
    note: LONG.chat,
  });
}

/** The first match of the long tournament once its bracket is drawn (polls until the start). */
export async function tournamentMatchId(world: LongWorld, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const page = await world.admin.ok<{
      data: { bracket: { stages: { groups: { rounds: { matches: { id: number | null }[] }[] }[] }[] } };
    }>('GET', `/api/v1/tournaments/${world.tournament.slug}`);
    const ids = page.data.bracket.stages.flatMap((s) =>
      s.groups.flatMap((g) => g.rounds.flatMap((r) => r.matches.map((m) => m.id))),
    );
    const id = ids.find((i): i is number => i !== null);
    if (id !== undefined) return id;
    if (Date.now() > deadline) throw new Error('the long tournament did not start');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

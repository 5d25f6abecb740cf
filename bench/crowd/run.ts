// Crowd benchmark (docs/benchmarks.md): BENCH_VIEWERS (1,000) signed-in spectators of one match in
// progress, each with its session cookie, one WebSocket speaking the Pusher protocol (subscribed to the
// match room's public channels) and, like a browser tab, up to 6 keep-alive HTTP connections; each first
// loads the room (untimed). The challenger's captain enters the score (status in progress -> score
// entered: `MatchDetailUpdate`), and every viewer does what the web room does on that event
// (web/src/features/match/hooks/use-match-live.ts): a spectator takes the detail and the veto match from
// the event and refetches the shared panels the event names as changed (here the statistics, whose map
// scores moved); with BENCH_REFETCH=all every viewer refetches every active query of the room (the list
// below: a signed-in spectator's room of a ladder match in progress), as the room did before. Prints the
// time from the score POST until the last viewer got the event / shows the new status / has its refetches
// answered, and the latency of those refetches twice: the server's (from each request's send until the server
// had written its answer: every request carries its send time, the server notes when its answer was written)
// and as the viewers saw it (until this process had read the answer, so it includes this process's own delays:
// it runs every viewer on one core, where a real crowd has a machine each; the run prints how busy it was);
// asserts nothing. The server is the real app in its own process
// (bench/crowd/app-server.ts), which raises its WS_MAX_CONNECTIONS_PER_ADDRESS for itself: every viewer
// connects from 127.0.0.1.
//
//   npx tsx bench/crowd/run.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_VIEWERS=1000 npx tsx bench/crowd/run.ts
//
// The baseline, in the same run once the app has stopped: as many sockets on a bare `ws` server
// (bench/crowd/bare-server.ts) receiving the same frame the viewers got, timed the same way (from the POST
// that publishes it until the last socket has it); it prints both figures and their ratio.
//
// A browser's limit of 6 connections per origin queues a viewer's requests on its own side: that wait is
// in "last viewer updated" but not in the server's latency.
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { loadAverage, startChild } from '../lib/harness.ts';
import { percentile, table } from '../realtime/stats.ts';
import type { CrowdServerReady } from './app-server.ts';
import { SENT_HEADER, wallClock } from './timing.ts';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
const CONNECT_BATCH = 100;

/** What a signed-in spectator's room refetches on `MatchDetailUpdate` (every active `['match', id]` query). */
const refetched = (id: number) => [
  `/api/v1/match-detail/${String(id)}`,
  `/api/v1/match-detail/status/${String(id)}/actions`,
  `/api/v1/match/${String(id)}`,
  `/api/v1/match-detail/players/${String(id)}`,
  `/api/v1/match-detail/statistics/${String(id)}`,
  `/api/v1/match-detail/sub/${String(id)}/access`,
  `/api/v1/match-detail/lineup/${String(id)}`,
  `/api/v1/match-detail/dispute/${String(id)}/can-dispute`,
  `/api/v1/match-detail/ratings/${String(id)}`,
  `/api/v1/match/${String(id)}/server`,
  `/api/v1/match/${String(id)}/live-score`,
  // The score button asks whether this viewer may act (every signed-in viewer, every status).
  `/api/v1/match-detail/score/${String(id)}/can-submit`,
];

/** Statuses of failed refetches, and how many. */
const statuses = new Map<number, number>();

/** Refetch latencies by path. */
const perPath = new Map<string, number[]>();

/** BENCH_REFETCH=all: every viewer refetches the whole room, as the web did before the event carried it. */
const REFETCH_ALL = process.env.BENCH_REFETCH === 'all';

/** The shared panels a `MatchDetailUpdate` may name as changed (`changed`), and their paths. */
const partPaths = {
  players: (id: number) => `/api/v1/match-detail/players/${String(id)}`,
  lineup: (id: number) => `/api/v1/match-detail/lineup/${String(id)}`,
  statistics: (id: number) => `/api/v1/match-detail/statistics/${String(id)}`,
  ratings: (id: number) => `/api/v1/match-detail/ratings/${String(id)}`,
};

interface Answer {
  status: number;
  body: string;
}

function get(agent: http.Agent, port: number, path: string, cookie: string, timed = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'GET', path, agent, headers: { cookie } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    if (!timed) {
      req.end();
      return;
    }
    // Stamped as it goes on the wire: once its connection is open (a new one is opened when the server has
    // closed the idle one), not when this busy process decided to send it.
    req.once('socket', (socket) => {
      const send = () => {
        req.setHeader(SENT_HEADER, String(wallClock()));
        req.end();
      };
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
  });
}

class Viewer {
  // Idle connections are dropped before the server's KEEP_ALIVE_TIMEOUT_MS (5 s) closes them.
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6, timeout: 4000 });
  readonly cookie: string;
  ws: WebSocket | null = null;
  eventAt = 0;
  /** The event's frame as received (the baseline sends the same bytes). */
  frame = '';
  detailAt = 0;
  doneAt = 0;
  statusSeen = 0;
  errors = 0;

  constructor(
    token: string,
    private readonly port: number,
    private readonly matchId: number,
    private readonly latencies: number[],
  ) {
    this.cookie = `versus_session=${token}`;
  }

  /** The room's first load: every query once (opens the tab's connections). */
  async load(): Promise<void> {
    // Sent again once when a kept-alive connection was closed under it (a busy machine stretches the load).
    await Promise.all(
      refetched(this.matchId).map((p) =>
        get(this.agent, this.port, p, this.cookie).catch(() => get(this.agent, this.port, p, this.cookie)),
      ),
    );
  }

  connect(appKey: string): Promise<void> {
    const ws = new WebSocket(`ws://127.0.0.1:${String(this.port)}/app/${appKey}?protocol=7`, {
      perMessageDeflate: false,
      headers: { cookie: this.cookie, origin: 'http://localhost:3000' },
    });
    this.ws = ws;
    const channels = ['match-detail-update', 'match-map-veto', 'match-cancelled'].map(
      (c) => `${c}.${String(this.matchId)}`,
    );
    return new Promise((resolve, reject) => {
      let subscribed = 0;
      ws.once('error', reject);
      ws.once('open', () => {
        for (const channel of channels)
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
      });
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        // As pusher-js does: a quiet connection is pinged (activity_timeout) and closed without a pong; on a
        // busy machine connecting the crowd takes longer than that.
        if (text.includes('"pusher:ping"')) {
          ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
          return;
        }
        if (text.includes('subscription_succeeded')) {
          subscribed += 1;
          if (subscribed === channels.length) resolve();
          return;
        }
        if (text.includes('"MatchDetailUpdate"')) this.onUpdate(text);
      });
    });
  }

  private onUpdate(frame: string): void {
    this.eventAt = performance.now();
    this.frame = frame;
    const message = JSON.parse(frame) as { data: string };
    const update = JSON.parse(message.data) as {
      detail?: { statusId: number };
      changed?: (keyof typeof partPaths)[];
    };
    const all = refetched(this.matchId);
    // As the web room does (use-match-live.ts): a spectator takes the detail and the veto from the event
    // and refetches the shared panels it names.
    const fromEvent = !REFETCH_ALL && update.detail !== undefined && update.changed !== undefined;
    if (fromEvent) {
      this.detailAt = this.eventAt;
      this.statusSeen = update.detail?.statusId ?? 0;
    }
    const paths = fromEvent ? (update.changed ?? []).map((part) => partPaths[part](this.matchId)) : all;
    void Promise.all(
      paths.map(async (path) => {
        const t0 = performance.now();
        // A browser sends a request again once when its kept-alive connection was closed under it.
        const answer = await get(this.agent, this.port, path, this.cookie, true)
          .catch(() => get(this.agent, this.port, path, this.cookie, true))
          .catch((error: unknown) => ({
            error: String(error),
            status: 0,
            body: '',
          }));
        this.latencies.push(performance.now() - t0);
        perPath.get(path)?.push(performance.now() - t0);
        if (answer.status !== 200) {
          this.errors += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
        if (path === all[0]) {
          this.detailAt = performance.now();
          this.statusSeen =
            (JSON.parse(answer.body || '{}') as { data?: { statusId?: number } }).data?.statusId ?? 0;
        }
      }),
    ).then(() => {
      this.doneAt = performance.now();
    });
  }

  close(): void {
    this.ws?.terminate();
    this.agent.destroy();
  }
}

const load = loadAverage;

/**
 * The baseline: `count` sockets on a bare `ws` server (connected in batches, as the viewers), one frame
 * published to all of them; answers the time from the publishing POST until the last socket had it (ms).
 */
async function bareFanOut(count: number, frame: string): Promise<number> {
  const bare = startChild<{ port: number }>(new URL('./bare-server.ts', import.meta.url), undefined, {
    profile: false,
  });
  const { port } = await bare.ready;
  let received = 0;
  let lastAt = 0;
  let allReceived: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allReceived = resolve));
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, () => {
      const ws = new WebSocket(`ws://127.0.0.1:${String(port)}/`, { perMessageDeflate: false });
      sockets.push(ws);
      ws.on('message', () => {
        received += 1;
        lastAt = performance.now();
        if (received === count) allReceived();
      });
      return new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
    });
    await Promise.all(batch);
  }
  const agent = new http.Agent({ keepAlive: true });
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/publish', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end(frame);
  });
  await Promise.race([done, new Promise((r) => setTimeout(r, 60_000))]);
  const elapsed = lastAt - t0;
  for (const ws of sockets) ws.terminate();
  agent.destroy();
  bare.child.disconnect();
  if (received < count)
    throw new Error(`the bare server reached ${String(received)} of ${String(count)} sockets`);
  return elapsed;
}

async function main(): Promise<void> {
  const server = startChild<CrowdServerReady>(new URL('./app-server.ts', import.meta.url), {
    viewers: VIEWERS,
  });
  const { child } = server;
  const ready = await server.ready;
  const { port, matchId } = ready;
  const latencies: number[] = [];
  const viewers = ready.viewerTokens.map((t) => new Viewer(t, port, matchId, latencies));
  for (let start = 0; start < viewers.length; start += CONNECT_BATCH) {
    const batch = viewers.slice(start, start + CONNECT_BATCH);
    await Promise.all(batch.map((v) => v.connect(ready.appKey)));
    await Promise.all(batch.map((v) => v.load()));
  }
  latencies.length = 0;
  for (const path of refetched(matchId)) perPath.set(path, []);
  console.log(
    `Crowd on ${ready.database}: ${String(VIEWERS)} signed-in viewers of match ${String(matchId)} (status in ` +
      `progress), ${REFETCH_ALL ? `each refetching all ${String(refetched(matchId).length)} paths` : 'updating as the web room does'} on MatchDetailUpdate; ` +
      `${String(os.cpus().length)} cores, load average ${load()}\n`,
  );

  // The status change: the challenger's captain enters the score.
  const captain = `versus_session=${ready.captainToken}`;
  const captainAgent = new http.Agent({ keepAlive: true });
  const xsrf = await new Promise<string>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/v1/health', agent: captainAgent }, (res) => {
        res.resume();
        const line = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN=')) ?? '';
        resolve(line.split(';')[0]?.slice('XSRF-TOKEN='.length) ?? '');
      })
      .on('error', reject);
  });
  const form = JSON.parse(
    (await get(captainAgent, port, `/api/v1/match-detail/score/form/${String(matchId)}`, captain)).body,
  ) as { data: { enteredScores: { id: number }[] } };
  const rows = form.data.enteredScores;
  const needed = Math.ceil(rows.length / 2);
  const body = JSON.stringify({
    scores: rows.map((r, i) => ({
      id: r.id,
      firstScore: i < needed ? 13 : null,
      secondScore: i < needed ? 7 : null,
    })),
  });
  const loadBefore = load();
  const loopBefore = performance.eventLoopUtilization();
  const t0 = performance.now();
  const posted = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/v1/match-detail/score/form/${String(matchId)}`,
        agent: captainAgent,
        headers: {
          cookie: `${captain}; XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': decodeURIComponent(xsrf),
          'content-type': 'application/json',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  if (posted !== 200) throw new Error(`the score POST answered ${String(posted)}`);
  const deadline = performance.now() + 60_000;
  while (viewers.some((v) => v.doneAt === 0) && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const loadAfter = load();
  // How busy this process (every viewer's sockets and refetches) was meanwhile: near 100 %, the viewers' own
  // delays are in the latency they saw.
  const viewersBusy = performance.eventLoopUtilization(
    performance.eventLoopUtilization(),
    loopBefore,
  ).utilization;
  // The server's side of each refetch: from its send until the server had written its answer (its 'finish').
  child.send({ serverLatencies: true });
  const serverLatencies = await new Promise<number[]>((resolve) => {
    child.on('message', (m: { serverLatencies?: number[] }) => {
      if (m.serverLatencies) resolve(m.serverLatencies);
    });
  });

  const missed = viewers.filter((v) => v.doneAt === 0).length;
  const wrong = viewers.filter((v) => v.doneAt > 0 && v.statusSeen !== 8).length;
  const since = (list: number[]) => list.map((t) => t - t0);
  const events = since(viewers.filter((v) => v.eventAt > 0).map((v) => v.eventAt));
  const details = since(viewers.filter((v) => v.detailAt > 0).map((v) => v.detailAt));
  const done = since(viewers.filter((v) => v.doneAt > 0).map((v) => v.doneAt));
  const ms = (n: number) => n.toFixed(0);
  console.log(
    table(
      ['', 'p50 ms', 'p99 ms', 'last ms'],
      [
        [
          'event received (from the score POST)',
          ms(percentile(events, 50)),
          ms(percentile(events, 99)),
          ms(Math.max(...events)),
        ],
        [
          'detail refetched: new status shown',
          ms(percentile(details, 50)),
          ms(percentile(details, 99)),
          ms(Math.max(...details)),
        ],
        ['every refetch answered', ms(percentile(done, 50)), ms(percentile(done, 99)), ms(Math.max(...done))],
        [
          'refetch latency, as the viewers saw it',
          percentile(latencies, 50).toFixed(1),
          percentile(latencies, 99).toFixed(1),
          ms(Math.max(...latencies)),
        ],
        [
          'server latency per refetch request',
          percentile(serverLatencies, 50).toFixed(1),
          percentile(serverLatencies, 99).toFixed(1),
          ms(Math.max(...serverLatencies)),
        ],
      ],
    ),
  );
  console.log(
    `\n${String(latencies.length)} refetch requests, ${String(viewers.reduce((n, v) => n + v.errors, 0))} errors ` +
      `${JSON.stringify(Object.fromEntries(statuses))}, ` +
      `${String(missed)} viewers not updated, ${String(wrong)} saw another status; the viewers' process was ` +
      `busy ${(viewersBusy * 100).toFixed(0)} % of the time meanwhile (server latency: from each refetch's send ` +
      `until the server had written its answer, ${String(serverLatencies.length)} requests; as the viewers saw it, ` +
      `also until this process had read it); ` +
      `load average before ${loadBefore}, after ${loadAfter}`,
  );
  if (process.env.BENCH_PER_PATH)
    console.log(
      [...perPath]
        .filter(([, list]) => list.length > 0)
        .map(
          ([p, list]) => `  ${p}: ${String(list.length)} requests, p50 ${percentile(list, 50).toFixed(1)} ms`,
        )
        .join('\n'),
    );
  const frame = viewers.find((v) => v.frame !== '')?.frame ?? '';
  for (const v of viewers) v.close();
  captainAgent.destroy();
  child.disconnect();
  await new Promise((r) => child.once('exit', r));

  // The baseline: the same number of sockets, the same frame, from a bare `ws` server.
  const appLast = Math.max(...events);
  const bareLast = await bareFanOut(VIEWERS, frame);
  console.log(
    `\nLast socket got the event: app ${ms(appLast)} ms (from the score POST), bare \`ws\` server ` +
      `${bareLast.toFixed(1)} ms (from its publishing POST, the same ${String(Buffer.byteLength(frame))}-byte ` +
      `frame to ${String(VIEWERS)} sockets): ratio ${(appLast / bareLast).toFixed(1)}; load average ${load()}`,
  );
  // Everything is printed; a straggling handle (a viewer's socket still closing) must not keep the run open.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

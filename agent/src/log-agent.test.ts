// The shipping loop over real HTTP against a stand-in platform (node:http answering as
// POST /api/v1/game-server-agent/batches does): acknowledged batches move the position on disk, failures
// (5xx, 429, a dropped connection, 401) are retried with growing delays and resend the same bytes, a 422
// batch is skipped, and a restarted agent resumes from the position it saved.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogAgent } from './log-agent.ts';

interface Post {
  at: number;
  token: string;
  body: { batchId: string; fileKey: string; startOffset: number; endOffset: number; lines: string[] };
}

/** A platform whose next answers are scripted (`'ok'` once the script runs out). */
class Platform {
  readonly posts: Post[] = [];
  /** Lines stored, in order, once each (what the real platform keeps per file generation). */
  readonly stored: string[] = [];
  private acked = new Map<string, number>();
  script: (number | 'drop')[] = [];
  token = 'ga_1_right';
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('latin1')));
    req.on('end', () => {
      const body = JSON.parse(raw) as Post['body'];
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      this.posts.push({ at: Date.now(), token, body });
      const next = this.script.shift();
      if (next === 'drop') {
        req.socket.destroy();
        return;
      }
      const status = token !== this.token ? 401 : (next ?? 200);
      if (status !== 200) {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `status ${status}` }));
        return;
      }
      const done = this.acked.get(body.fileKey) ?? 0;
      let offset = body.startOffset;
      let accepted = 0;
      for (const line of body.lines) {
        const end = offset + Buffer.byteLength(line, 'latin1') + 1;
        if (offset >= done) {
          this.stored.push(line);
          accepted++;
        }
        offset = end;
      }
      this.acked.set(body.fileKey, Math.max(done, body.endOffset));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: {
            fileKey: body.fileKey,
            ackOffset: Math.max(done, body.endOffset),
            duplicate: accepted === 0,
            accepted,
            unattributed: 0,
          },
        }),
      );
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let platform: Platform;
const agents: LogAgent[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const a of agents.splice(0)) await a.stop();
  await platform.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function logFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-agent-ship-'));
  dirs.push(dir);
  return path.join(dir, 'games_mp.log');
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function agent(url: string, logPath: string, token = 'ga_1_right'): LogAgent {
  const a = new LogAgent({ logPath, url, token, pollMs: 20, backoffMs: 40, maxBackoffMs: 400 });
  agents.push(a);
  a.start();
  return a;
}

const lines = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `  0:${String(from + i).padStart(2, '0')} K;line ${from + i}`);
const text = (ls: string[]) => ls.map((l) => `${l}\n`).join('');

describe('log agent shipping', { timeout: 20_000 }, () => {
  it('retries 5xx, 429 and a dropped connection with growing delays, resending the same batch; saves its position only once acknowledged', async () => {
    platform = new Platform();
    const url = await platform.start();
    const log = logFile();
    const first = lines(0, 5);
    fs.writeFileSync(log, text(first), 'latin1');
    platform.script = [503, 'drop', 429, 500];
    agent(url, log);

    await until(() => platform.posts.length >= 3);
    // Nothing acknowledged yet: no position on disk.
    expect(fs.existsSync(`${log}.versus-agent.json`)).toBe(false);
    await until(() => platform.stored.length === first.length);
    expect(platform.stored).toEqual(first);
    const attempts = platform.posts.slice(0, 5);
    expect(new Set(attempts.map((p) => JSON.stringify(p.body))).size).toBe(1); // the same bytes each time
    expect(attempts[0]?.body).toMatchObject({ startOffset: 0, endOffset: text(first).length });
    const gaps = attempts.slice(1).map((p, i) => p.at - (attempts[i]?.at ?? 0));
    // 40 ms doubling (±25% jitter): each wait is at least three quarters of 40, 80, 160, 320 ms. Only lower
    // bounds: a busy machine lengthens waits, never shortens them.
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(0.75 * 40 * 2 ** i - 2));
    // The answer reached the agent after the platform stored the lines; the position follows it.
    await until(() => fs.existsSync(`${log}.versus-agent.json`));
    const saved = JSON.parse(fs.readFileSync(`${log}.versus-agent.json`, 'utf8')) as { offset: number };
    expect(saved.offset).toBe(text(first).length);

    // New lines follow in the next batch from where the last one ended.
    fs.appendFileSync(log, text(lines(5, 8)), 'latin1');
    await until(() => platform.stored.length === 8);
    expect(platform.posts.at(-1)?.body.startOffset).toBe(text(first).length);
  });

  it('skips a batch the platform refuses with 422 and goes on with the next lines', async () => {
    platform = new Platform();
    const url = await platform.start();
    const log = logFile();
    fs.writeFileSync(log, text(lines(0, 3)), 'latin1');
    platform.script = [422];
    agent(url, log);
    await until(() => platform.posts.length === 1);
    fs.appendFileSync(log, text(lines(3, 6)), 'latin1');
    await until(() => platform.stored.length === 3);
    expect(platform.stored).toEqual(lines(3, 6));
    expect(platform.posts).toHaveLength(2); // the refused batch is never resent
    expect(platform.posts[1]?.body.startOffset).toBe(platform.posts[0]?.body.endOffset);
  });

  it('keeps a batch the platform refuses with 401 and ships it once the token is right', async () => {
    platform = new Platform();
    platform.token = 'ga_1_renewed';
    const url = await platform.start();
    const log = logFile();
    fs.writeFileSync(log, text(lines(0, 4)), 'latin1');
    agent(url, log, 'ga_1_right');
    await until(() => platform.posts.length >= 2);
    expect(platform.stored).toEqual([]);
    expect(fs.existsSync(`${log}.versus-agent.json`)).toBe(false);
    // Once the platform accepts the agent's token again, the same batch goes through.
    platform.token = 'ga_1_right';
    await until(() => platform.stored.length === 4);
    expect(platform.stored).toEqual(lines(0, 4));
  });

  it('a restarted agent resumes from the position on disk: nothing resent, nothing lost', async () => {
    platform = new Platform();
    const url = await platform.start();
    const log = logFile();
    fs.writeFileSync(log, text(lines(0, 4)), 'latin1');
    const a = agent(url, log);
    await until(() => platform.stored.length === 4);
    await a.stop();
    agents.splice(agents.indexOf(a), 1);
    const postsBefore = platform.posts.length;

    fs.appendFileSync(log, text(lines(4, 7)), 'latin1');
    agent(url, log);
    await until(() => platform.stored.length === 7);
    const resumed = platform.posts.slice(postsBefore);
    expect(resumed[0]?.body.startOffset).toBe(text(lines(0, 4)).length);
    expect(resumed.flatMap((p) => p.body.lines)).toEqual(lines(4, 7));
    expect(platform.stored).toEqual(lines(0, 7));
  });
});

// The server's request log written asynchronously: every request's lines reach the file, in order, once
// flushed, and the request did not wait for them.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/index.ts';
import { lazyChildLoggerFactory } from './lib/lazy-logger.ts';
import { logFormatFrom, prettyLines, serverLog, type ServerLog } from './logging.ts';

describe('the request log', () => {
  let t: TestApp;
  let log: ServerLog;
  // A name of its own per run: the server and server-postgres projects may run this file at once in one process.
  const file = path.join(os.tmpdir(), `versus-log-${String(process.pid)}-${crypto.randomUUID()}.log`);
  beforeAll(async () => {
    log = serverLog('info', fs.openSync(file, 'w'), undefined, 'json');
    t = await buildTestApp({ logger: log.options });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(file, { force: true });
  });

  it('logs every request as JSON lines with its request id', async () => {
    for (let i = 0; i < 20; i += 1)
      expect((await t.client().get(`/api/v1/match/${String(900_000 + i)}`)).status).toBe(404);
    log.flush();
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string; res?: { statusCode: number } });
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(20);
    expect(completed.slice(-20).every((l) => l.res?.statusCode === 404 && l.reqId)).toBe(true);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it('writes a request line as pino writes its lines: pid, hostname, then the request id', async () => {
    expect((await t.client().get('/api/v1/match/900100?x="y"')).status).toBe(404);
    log.flush();
    const line = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .findLast((l) => l.msg === 'request completed');
    expect(Object.keys(line ?? {})).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'res',
      'responseTime',
      'method',
      'url',
      'msg',
    ]);
    expect(line).toMatchObject({
      level: 30,
      pid: process.pid,
      hostname: os.hostname(),
      res: { statusCode: 404 },
      method: 'GET',
      url: '/api/v1/match/900100?x=%22y%22',
    });
  });
});

// A destination that stops taking lines (a pipe nobody reads): what waits in memory is bounded, and the
// reader learns how many lines it lost once it reads again.
describe('the request log when its destination does not keep up', () => {
  it('drops lines beyond its bound and says how many', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-log-fifo-'));
    const fifo = path.join(dir, 'log');
    execFileSync('mkfifo', [fifo]);
    const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const writer = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    const bound = 256 * 1024;
    const log = serverLog('info', writer, bound, 'json');
    const logger = pino({ level: log.options.level }, log.options.stream);
    const padding = 'x'.repeat(1000);
    const total = 2000; // ~2 MB of lines against a pipe of 64 KB and a bound of 256 KB
    for (let i = 0; i < total; i += 1) logger.info({ i, padding }, 'line');

    // The reader comes back and reads everything there is, until the note arrives.
    let text = '';
    const chunk = Buffer.alloc(65_536);
    const deadline = Date.now() + 10_000;
    while (!text.includes('log lines dropped') && Date.now() < deadline) {
      try {
        const n = fs.readSync(reader, chunk);
        text += chunk.subarray(0, n).toString();
      } catch {
        await new Promise((r) => setTimeout(r, 20)); // EAGAIN: nothing to read yet
      }
    }
    const lines = text.split('\n').filter((l) => l.startsWith('{'));
    const kept = lines.filter((l) => l.includes('"msg":"line"')).length;
    const note = lines.find((l) => l.includes('log lines dropped'));
    fs.closeSync(reader);
    fs.rmSync(dir, { recursive: true, force: true });

    expect(note, 'a note saying how many lines were lost').toBeDefined();
    const dropped = Number(/"msg":"(\d+) log lines dropped/.exec(note ?? '')?.[1]);
    expect(kept).toBeLessThan(total / 2);
    expect(kept + dropped).toBe(total);
  });
});

// A development start writes one readable line per entry (pino-pretty), the request id on each line of a
// request; production writes JSON; LOG_FORMAT chooses either.
describe('the readable request log', () => {
  let t: TestApp;
  let log: ServerLog;
  const file = path.join(os.tmpdir(), `versus-log-pretty-${String(process.pid)}-${crypto.randomUUID()}.log`);
  beforeAll(async () => {
    log = serverLog('info', fs.openSync(file, 'w'), undefined, 'pretty');
    t = await buildTestApp({ logger: log.options });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(file, { force: true });
  });

  it('prints one line per entry with its time, level and request id', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await t.client().get(`/api/v1/match/${String(900_000 + i)}`)).status).toBe(404);
    // The destination writes asynchronously (a write in flight can keep flushSync from flushing): wait for the
    // five request lines to reach the file.
    const read = () => fs.readFileSync(file, 'utf8').trim().split('\n');
    const requestsIn = (lines: string[]) => lines.filter((l) => l.includes('request completed'));
    await expect
      .poll(() => {
        log.flush();
        return requestsIn(read()).length;
      })
      .toBeGreaterThanOrEqual(5);
    const lines = read();
    expect(lines.some((l) => l.startsWith('{'))).toBe(false);
    // One line per request (no "incoming request" line before it), with its status, method and path.
    expect(lines.some((l) => l.includes('incoming request'))).toBe(false);
    const completed = requestsIn(lines).slice(-5);
    for (const [i, line] of completed.entries()) {
      expect(line).toMatch(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[req-[\w-]+\] request completed \{"res":\{"statusCode":404\},"responseTime":[\d.]+,"method":"GET","url":"\/api\/v1\/match\/\d+"\}$/,
      );
      expect(line).toContain(`/api/v1/match/${String(900_000 + i)}`);
    }
  });

  it('is chosen by LOG_FORMAT, else JSON in production and readable lines otherwise', () => {
    expect(logFormatFrom({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormatFrom({ NODE_ENV: 'development' })).toBe('pretty');
    expect(logFormatFrom({})).toBe('pretty');
    expect(logFormatFrom({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toBe('pretty');
    expect(logFormatFrom({ NODE_ENV: 'development', LOG_FORMAT: 'json' })).toBe('json');
    expect(() => logFormatFrom({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be json or pretty');
  });

  // The request log's lines are written without pino-pretty (it cost a sixth of a development start's time):
  // the same text, colours included; what it prints its own way (an error's stack) is still left to it.
  it('writes every line as pino-pretty would', () => {
    const entries = [
      {
        level: 30,
        time: Date.now(),
        pid: 1,
        hostname: 'h',
        reqId: 'req-1',
        res: { statusCode: 200 },
        responseTime: 1.5,
        method: 'GET',
        url: '/x',
        msg: 'request completed',
      },
      { level: 40, time: Date.now(), msg: 'warn' },
      { level: 60, time: 5, msg: 'fatal', x: 1 },
      { level: 10, time: 5, msg: 't' },
      { level: 20, time: 5, msg: 'd', n: null, u: 'ü"\n' },
      { level: 30, time: Date.now(), pid: 1, hostname: 'h', msg: 'hello' },
      { level: 50, time: 1, reqId: 'req-2', msg: 'x', a: [1, 'b'], s: 'q"u' },
      {
        level: 50,
        time: 1,
        reqId: 'req-2',
        msg: 'x',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n at x' },
      },
      { level: 30, time: 1, msg: 42 },
    ];
    for (const colorize of [false, true]) {
      const reference = prettyFactory({
        colorize,
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,reqId',
        messageFormat: '{if reqId}[{reqId}] {end}{msg}',
      });
      const ours = prettyLines(colorize);
      for (const entry of entries) {
        const line = `${JSON.stringify(entry)}\n`;
        expect(ours(line)).toBe(reference(line));
      }
    }
  });
});

// Lines are written in batches (a few KB, or what came within LOG_FLUSH_INTERVAL_MS): a quiet server's line
// still shows without anyone flushing, and a process that exits, on purpose or by a crash, loses none.
describe('the request log written in batches', () => {
  it('writes a lone line shortly after it came, without a flush', async () => {
    const file = path.join(os.tmpdir(), `versus-log-batch-${String(process.pid)}-${crypto.randomUUID()}.log`);
    const log = serverLog('info', fs.openSync(file, 'w'), undefined, 'json');
    const logger = pino({ level: log.options.level }, log.options.stream);
    logger.info('a lone line');
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toContain('"msg":"a lone line"');
    fs.rmSync(file, { force: true });
  });

  it.each([
    ['exits', 'process.exit(3)'],
    ['crashes', 'setImmediate(() => { throw new Error("boom") })'],
  ])('keeps every line when the process %s', (_how, ending) => {
    const file = path.join(os.tmpdir(), `versus-log-exit-${String(process.pid)}-${crypto.randomUUID()}.log`);
    const script = [
      "import fs from 'node:fs';",
      "import pino from 'pino';",
      `import { serverLog } from ${JSON.stringify(path.join(import.meta.dirname, 'logging.ts'))};`,
      `const log = serverLog('info', fs.openSync(${JSON.stringify(file)}, 'w'), undefined, 'pretty');`,
      'const logger = pino({ level: log.options.level }, log.options.stream);',
      "for (let i = 0; i < 10; i += 1) logger.info({ i }, 'line');",
      ending,
    ].join('\n');
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: import.meta.dirname,
        stdio: 'pipe',
      });
    } catch {
      // Exits with an error code by design.
    }
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    fs.rmSync(file, { force: true });
    expect(lines).toHaveLength(10);
    expect(lines[9]).toMatch(/INFO: line \{"i":9\}$/);
  });
});

// A request's own logger is made when it first logs (most requests only have their request line): its lines
// carry the request id all the same, at the level of the server or of the route.
describe("a request's logger", () => {
  it('writes its lines with the request id, at the level it was given', () => {
    const lines: string[] = [];
    const server = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const log = lazyChildLoggerFactory.call(
      undefined as never,
      server,
      { reqId: 'req-7' },
      {},
      undefined as never,
    );
    expect(log.level).toBe('info');
    log.debug('not written');
    log.warn({ a: 1 }, 'written');
    const quiet = lazyChildLoggerFactory.call(
      undefined as never,
      server,
      { reqId: 'req-8' },
      { level: 'error' },
      undefined as never,
    );
    expect(quiet.level).toBe('error');
    quiet.warn('not written either');
    quiet.child({ more: true }).error('from a child');
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([
      { level: 40, reqId: 'req-7', a: 1, msg: 'written' },
      { level: 50, reqId: 'req-8', more: true, msg: 'from a child' },
    ]);
  });
});

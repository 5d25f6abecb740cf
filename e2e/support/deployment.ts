// The deployment of docs/deploy.md, started for a test or a bench: nginx running deploy/nginx/versus.conf (its
// ports substituted, its own prefix and temporary folders) in front of two compiled production instances
// (`node --conditions=versus-compiled server/dist/server.js`, as deploy/systemd/versus@.service starts them) on a
// fresh PostgreSQL database of its own and a Redis key prefix of its own. Used by e2e/deploy-nginx.test.ts and
// bench/soak/run.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ensureServerBuild } from '../../scripts/ensure-server-build.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** nginx from Debian's package, or null when it is not installed. */
export const NGINX =
  ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((p) => fs.existsSync(p)) ?? null;

export interface DeployedInstance {
  readonly name: string;
  readonly port: number;
  /** The running process id, or null while stopped. */
  readonly pid: number | null;
  /** Starts the instance; resolves once its health answers. */
  start(): Promise<void>;
  /** SIGTERM (a graceful stop, as `systemctl stop` sends it); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash); resolves at the exit. */
  kill(): Promise<void>;
  /** Resident memory of the running process in bytes (Linux /proc), or null. */
  rss(): number | null;
  /** Its stdout and stderr (JSON log lines in production), across restarts. */
  readonly logFile: string;
  /** The last lines it wrote. */
  readonly output: string;
}

export interface Deployment {
  /** nginx: what clients, log agents and sockets use. */
  baseUrl: string;
  instances: DeployedInstance[];
  databaseUrl: string;
  /** nginx's access log (one line a request, the status in the ninth field), kept after the run. */
  accessLog: string;
  tearDown(): Promise<void>;
}

export interface DeploymentOptions {
  /** Names the temporary folders, the database and the Redis prefix (`versus_<name>_…`). */
  name: string;
  /** A PostgreSQL server URL; the deployment creates its own database there and drops it at tear-down. */
  databaseUrl: string;
  redisUrl: string;
  /** Extra environment of every instance (provider, rate limits, ...). */
  env?: NodeJS.ProcessEnv;
  /** Keep the instances' logs and nginx's access log after tear-down (a bench prints where they are). */
  keepLogs?: boolean;
  /** Test only: nginx adds `X-Versus-Upstream` (the instance's address) to WebSocket answers. */
  upstreamHeader?: boolean;
}

/** The realtime credentials of every instance of a deployment. */
export const DEPLOYMENT_PUSHER = {
  PUSHER_APP_ID: 'versus-deploy',
  PUSHER_KEY: 'deploykey',
  PUSHER_SECRET: 'deploy-secret',
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A compiled production instance, started as the systemd unit starts it. */
class CompiledInstance implements DeployedInstance {
  private child: ChildProcess | null = null;
  private tail: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {}

  get pid(): number | null {
    return this.child && this.child.exitCode === null && this.child.signalCode === null
      ? (this.child.pid ?? null)
      : null;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--conditions=versus-compiled', 'server/dist/server.js'], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      fs.appendFileSync(this.logFile, chunk);
      this.tail.push(chunk.toString());
      this.tail.splice(0, Math.max(0, this.tail.length - 100));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const until = Date.now() + 180_000;
    while (Date.now() < until) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${this.name} exited while starting:\n${this.tail.join('')}`);
      try {
        if ((await fetch(`http://127.0.0.1:${String(this.port)}/health/ready`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error(`${this.name} was not ready within 180 s:\n${this.tail.join('')}`);
  }

  get output(): string {
    return this.tail.join('');
  }

  private signal(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return Promise.resolve(child?.exitCode ?? null);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    return exited;
  }

  stop(): Promise<number | null> {
    return this.signal('SIGTERM');
  }

  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  rss(): number | null {
    const pid = this.pid;
    if (pid === null) return null;
    try {
      const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      return kb ? Number(kb) * 1024 : null;
    } catch {
      return null;
    }
  }
}

/** deploy/nginx/versus.conf with this run's ports; each replaced line must exist, so the file cannot drift. */
export function siteFrom(
  template: string,
  listen: number,
  ports: [number, number],
  upstreamHeader: boolean,
): string {
  const replace = (text: string, from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`deploy/nginx/versus.conf no longer contains ${String(from)}`);
    return next;
  };
  let site = replace(template, /listen 80;/, `listen 127.0.0.1:${String(listen)};`);
  site = replace(site, /\n\s*listen \[::\]:80;/, '');
  site = replace(site, 'server 127.0.0.1:3001', `server 127.0.0.1:${String(ports[0])}`);
  site = replace(site, 'server 127.0.0.1:3002', `server 127.0.0.1:${String(ports[1])}`);
  // Test only: which instance took a WebSocket (a production site does not tell clients its upstreams).
  if (upstreamHeader) {
    site = replace(
      site,
      'location /app/ {',
      'location /app/ {\n        add_header X-Versus-Upstream $upstream_addr always;',
    );
  }
  return site;
}

function nginxConfig(dir: string, siteFile: string, accessLog: string): string {
  return [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${accessLog};`,
    `  client_body_temp_path ${dir}/client_body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${siteFile};`,
    '}',
    '',
  ].join('\n');
}

export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const nginxBin = NGINX;
  if (!nginxBin) throw new Error('nginx is not installed (apt-get install nginx).');
  ensureServerBuild();
  const tag = `${options.name}_${String(process.pid)}_${crypto.randomBytes(4).toString('hex')}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `versus-${options.name}-`));
  const dbName = `versus_${tag}`;
  await query(options.databaseUrl, `CREATE DATABASE ${dbName}`);
  const url = new URL(options.databaseUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const prefix = `versus-${tag}:`;

  const listen = await freePort();
  const baseUrl = `http://127.0.0.1:${String(listen)}`;
  const ports: [number, number] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_KEY_PREFIX: prefix,
    DATA_DIR: path.join(tmp, 'data'),
    TRUST_PROXY: '127.0.0.1',
    GAME_SERVER_SECRET_KEY: 'deploy-secret-key-0123456789abcdef',
    LOG_LEVEL: 'warn',
    ...DEPLOYMENT_PUSHER,
    ...options.env,
  };
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `versus-${options.name}-logs-`));
  const instances = ports.map(
    (p, i) =>
      new CompiledInstance(
        `instance ${String(i + 1)}`,
        p,
        env,
        path.join(logDir, `instance-${String(i + 1)}.log`),
      ),
  );
  // Both at once on the empty database: the migrations run once (the advisory lock), from server/dist.
  await Promise.all(instances.map((instance) => instance.start()));

  const siteFile = path.join(tmp, 'versus.conf');
  const template = fs.readFileSync(path.join(ROOT, 'deploy/nginx/versus.conf'), 'utf8');
  fs.writeFileSync(siteFile, siteFrom(template, listen, ports, options.upstreamHeader ?? false));
  fs.writeFileSync(path.join(tmp, 'nginx.conf'), nginxConfig(tmp, siteFile, path.join(logDir, 'access.log')));
  const args = ['-p', tmp, '-e', path.join(tmp, 'error.log'), '-c', path.join(tmp, 'nginx.conf')];
  const tested = spawnSync(nginxBin, [...args, '-t'], { encoding: 'utf8' });
  if (tested.status !== 0) throw new Error(`nginx -t failed: ${tested.stderr}`);
  const nginx = spawn(nginxBin, args, { stdio: 'ignore' }); // it logs to error.log
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(fs.readFileSync(path.join(tmp, 'error.log'), 'utf8'));
    try {
      if ((await fetch(`${baseUrl}/health/live`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }

  return {
    baseUrl,
    instances,
    databaseUrl,
    accessLog: path.join(logDir, 'access.log'),
    async tearDown() {
      await Promise.all(instances.map((i) => i.stop()));
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      await query(options.databaseUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      const redis = new Redis(options.redisUrl);
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
      fs.rmSync(tmp, { recursive: true, force: true });
      if (!options.keepLogs) fs.rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/**
 * Production never seeds the demo world: the compiled `npm run seed` writes it into the deployment's database
 * (the seed command refuses NODE_ENV=production, hence development here).
 */
export function seedDemoWorld(deployment: Deployment): void {
  const seeded = spawnSync(
    process.execPath,
    ['--conditions=versus-compiled', 'server/dist/db/seed/seed-cli.js'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATABASE_URL: deployment.databaseUrl,
        APP_URL: deployment.baseUrl,
      },
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
}

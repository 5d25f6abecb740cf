// The soak's deployment: nginx in front of two app instances on one PostgreSQL database and one Redis key
// prefix, behind a small interface (`baseUrl`, `instances[]` with start/stop/kill) so the soak does not care
// how they are started.
//
// TEMPORARY local implementation, until branch `prod` (the production build and deploy/nginx/versus.conf,
// proven by e2e/deploy-nginx.test.ts) is merged: the instances run the TypeScript sources through tsx with
// NODE_ENV=production (not `node server/dist/server.js`), and the nginx site below copies the proxy settings
// of prod's deploy/nginx/versus.conf (least_conn upstream, keepalive, WebSocket upgrade on /app/,
// X-Forwarded-For, proxy_next_upstream). Once prod is merged, replace startDeployment with its shared
// startup code (read the site file from deploy/ instead of SITE below).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DeployedInstance {
  readonly name: string;
  readonly port: number;
  /** The running process id, or null while stopped. */
  readonly pid: number | null;
  /** Starts the instance; resolves once its health answers. */
  start(): Promise<void>;
  /** SIGTERM (a graceful stop); resolves at the exit. */
  stop(): Promise<void>;
  /** SIGKILL (a crash); resolves at the exit. */
  kill(): Promise<void>;
  /** Resident memory of the running process in bytes (Linux /proc), or null. */
  rss(): number | null;
  /** Its stdout and stderr (JSON log lines in production), across restarts. */
  readonly logFile: string;
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
  /** A PostgreSQL server URL; the deployment creates its own database there and drops it at tear-down. */
  databaseUrl: string;
  redisUrl: string;
  /** Extra environment of every instance (provider, rate limits, ...). */
  env?: NodeJS.ProcessEnv;
  instances?: number;
}

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

class TsxInstance implements DeployedInstance {
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
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
        if ((await fetch(`http://127.0.0.1:${String(this.port)}/api/v1/health`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error(`${this.name} did not answer its health within 180 s:\n${this.tail.join('')}`);
  }

  private signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    return exited;
  }

  stop(): Promise<void> {
    return this.signal('SIGTERM');
  }

  kill(): Promise<void> {
    return this.signal('SIGKILL');
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

/** The site: the proxy settings of prod's deploy/nginx/versus.conf, with this run's ports. */
function site(listen: number, ports: number[]): string {
  return `
upstream versus_app {
    least_conn;
    zone versus_app 64k;
${ports.map((p) => `    server 127.0.0.1:${String(p)} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
    keepalive_timeout 4s;
}
map $http_upgrade $versus_connection_upgrade {
    default upgrade;
    ''      '';
}
server {
    listen 127.0.0.1:${String(listen)};
    client_max_body_size 210m;
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $versus_connection_upgrade;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $host;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_next_upstream error timeout http_503;
    proxy_next_upstream_tries 2;
    proxy_connect_timeout 5s;
    location / {
        proxy_pass http://versus_app;
        proxy_read_timeout 60s;
        proxy_send_timeout 60s;
    }
    location /app/ {
        proxy_pass http://versus_app;
        proxy_buffering off;
        proxy_read_timeout 120s;
        proxy_send_timeout 120s;
    }
}
`;
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
  const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((p) =>
    fs.existsSync(p),
  );
  if (!nginxBin) throw new Error('nginx is not installed (apt-get install nginx).');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-soak-'));
  const dbName = `versus_soak_${crypto.randomBytes(4).toString('hex')}`;
  await query(options.databaseUrl, `CREATE DATABASE ${dbName}`);
  const url = new URL(options.databaseUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const prefix = `versus-soak:${crypto.randomBytes(4).toString('hex')}:`;

  const listen = await freePort();
  const baseUrl = `http://127.0.0.1:${String(listen)}`;
  const count = options.instances ?? 2;
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
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
    GAME_SERVER_SECRET_KEY: 'soak-secret-key-0123456789abcdef',
    LOG_LEVEL: 'warn',
    PUSHER_APP_ID: 'versus-soak',
    PUSHER_KEY: 'soakkey',
    PUSHER_SECRET: 'soak-secret',
    ...options.env,
  };
  // The instances' logs outlive the run (nginx's folder and the database do not): read them after a 5xx.
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-soak-logs-'));
  const instances = ports.map(
    (p, i) =>
      new TsxInstance(
        `instance ${String(i + 1)}`,
        p,
        env,
        path.join(logDir, `instance-${String(i + 1)}.log`),
      ),
  );
  // One after the other: the first applies the migrations.
  for (const instance of instances) await instance.start();

  const siteFile = path.join(tmp, 'versus.conf');
  fs.writeFileSync(siteFile, site(listen, ports));
  fs.writeFileSync(path.join(tmp, 'nginx.conf'), nginxConfig(tmp, siteFile, path.join(logDir, 'access.log')));
  const args = ['-p', tmp, '-e', path.join(tmp, 'error.log'), '-c', path.join(tmp, 'nginx.conf')];
  const tested = spawnSync(nginxBin, [...args, '-t'], { encoding: 'utf8' });
  if (tested.status !== 0) throw new Error(`nginx -t failed: ${tested.stderr}`);
  const nginx = spawn(nginxBin, args, { stdio: 'ignore' });
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(fs.readFileSync(path.join(tmp, 'error.log'), 'utf8'));
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).status === 200) break;
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
    },
  };
}

/** `server/src/db/seed/seed-cli.ts` against the deployment's database (development: the demo world). */
export function seedDemoWorld(deployment: Deployment): void {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/db/seed/seed-cli.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATABASE_URL: deployment.databaseUrl,
      APP_URL: deployment.baseUrl,
    },
  });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
}

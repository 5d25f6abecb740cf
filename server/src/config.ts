import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Runtime configuration, read once from the environment (docs/configuration.md lists every variable). */
export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  host: string;
  /** The server listens on a loopback address only (127.0.0.0/8, ::1, localhost): development defaults apply. */
  loopback: boolean;
  port: number;
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses (TRUST_PROXY). */
  trustProxy: boolean | number | string[];
  /** HTTP timeouts (408): whole request (headers and body), headers alone, idle keep-alive. */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  /**
   * On SIGTERM/SIGINT, how long readiness answers 503 while the listener still serves, before it closes: the
   * time a load balancer needs to notice (SHUTDOWN_DRAIN_DELAY_MS; 5 s in production, 0 otherwise).
   */
  shutdownDrainDelayMs: number;
  /** Prefix of every Redis key and pub/sub channel (realtime, presence, rate limits, the change bus). */
  redisKeyPrefix: string;
  /** Public URL of the web app; its origin is the default allowed WebSocket/CORS origin. */
  appUrl: string;
  allowedOrigins: string[];
  /** PostgreSQL connection string; null means embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** PGlite's buffer cache (`shared_buffers`, as PostgreSQL writes it: `16MB`, `8192kB`). */
  pgliteSharedBuffers: string;
  /** How far the JavaScript heap grows past what it holds, in percent (heap-growth.ts); 0 = V8's own rule. */
  heapGrowingPercent: number;
  redisUrl: string | null;
  /** Bearer token that `GET /metrics` asks for; null: no metrics endpoint (404). */
  metricsToken: string | null;
  /** How long an instance serves a session from its cache before asking the database again; 0 = never cached. */
  sessionCacheTtlMs: number;
  /**
   * How long past `sessionCacheTtlMs` a cached session still answers at once while it is read again in the
   * background (0 = a request past the lifetime waits for its read).
   */
  sessionCacheStaleMs: number;
  /**
   * How long an instance answers a user's notifications page from memory before reading it again; every
   * change made through the app drops the page at once anyway. 0 = never cached.
   */
  notificationCacheTtlMs: number;
  /** How long the team, ladder, tournament and profile pages are answered from memory (0 = off). */
  pageCacheTtlMs: number;
  /** The hottest reads answered from memory before routing (plugins/hot-reads.ts); `HOT_READS=0` turns it off. */
  hotReads: boolean;
  /** Seed the demo world on first start (never in production). */
  seedDemo: boolean;
  secureCookies: boolean;
  loginRateLimit: { perUsername: number; perIp: number; windowSeconds: number };
  /** Request limits (`max` per `windowSeconds`), shared by every instance through Redis when REDIS_URL is set. */
  rateLimits: Record<RateLimitName, RateLimitRule>;
  /** Outgoing mail (password reset links); see `createMailer`. */
  mail: MailConfig;
  /** How long a password reset link works. */
  passwordResetTtlSeconds: number;
  /** The effects outbox (docs/match-engine.md#effects-outbox). */
  effects: {
    /**
     * `run`: a change's effects are carried out right after its commit; `defer` (tests only, refused in
     * production): they are left to the worker, which opens the window between a commit and its effect.
     */
    afterCommit: 'run' | 'defer';
    /** How often the worker retries what is due; 0 = only at start. */
    intervalMs: number;
  };
  /** Outgoing webhooks (docs/webhooks.md). */
  webhooks: {
    /** Endpoints may point at loopback and private addresses (off in production by default). */
    allowPrivate: boolean;
    /** The first retry of a failed delivery waits this long, each next one twice as long (at most 1 h). */
    retryBaseMs: number;
  };
  /** Match engine (docs/match-room.md). */
  matches: {
    /** How often the deadline sweeper runs; 0 disables it (tests call `sweepOnce`). */
    sweepIntervalMs: number;
    /** Matches with an id at or above this use the ordinal veto badge wording (spec: newMatchHandling). */
    newMatchHandlingFrom: number;
    /** `POST /api/v1/dev/scenarios/{name}` exists (never in production). */
    devEndpoints: boolean;
    /** An entered score is approved automatically after this long without an answer. */
    scoreApprovalSeconds: number;
    /** Match players may dispute until this long after the finish. */
    disputeWindowSeconds: number;
    /** Substitutes each side may add to one match. */
    maxSubsPerSide: number;
    /** Minutes a lineup player must be away from the live server before his captain may replace him. */
    disconnectSubMinutes: number;
    /** How often the location vote countdown ticker runs; each second is published once. 0 = off. */
    locationCountdownIntervalMs: number;
    /** How long this instance serves a cached `GET /api/v1/match/{id}` before rechecking the version; 0 = off. */
    readCacheTtlMs: number;
    /**
     * A game server log silent this long no longer shows its unfinished map as in play (a crashed or
     * abandoned server must not block the captains' score entry forever).
     */
    serverLogQuietSeconds: number;
  };
  /** Stuck matches (docs/admin.md#stuck-matches): how long a wait may last before admins are told. */
  stuckMatches: {
    /** A wait on the platform (a clock, a game server, the log) longer than this is a stall. */
    minutes: number;
    /** A wait on a person (an answer, an approval, an admin's ruling) longer than this is a stall. */
    personHours: number;
    /** How often one instance looks for stuck matches and notifies admins; 0 = never (tests call it). */
    checkIntervalMs: number;
  };
  /** Solo-queue pops (docs/solo-queue.md): the ready check's length and the cooldown after failing one. */
  soloQueue: {
    /** How long the players of a pop have to accept (at least 5). */
    popSeconds: number;
    /** A player who declines or misses a pop may not queue again for this long; 0 = no cooldown. */
    declineCooldownSeconds: number;
  };
  /** Ratings (docs/ratings.md): a newcomer's displayed rating; `k`, the old Elo K factor, is unused. */
  ratings: { start: number };
  /** Anticheat screenshots (stored under `dataDir/uploads` by default). */
  screenshots: {
    maxBytes: number;
    perPage: number;
    /** Screenshots one match may hold, and one player may upload to one match. */
    maxPerMatch: number;
    maxPerUserPerMatch: number;
  };
  /** Server-side demos (docs/game-servers.md#demos-and-server-screenshots), stored like screenshots. */
  demos: {
    /** Largest demo file accepted, in bytes. */
    maxBytes: number;
    /** Bytes all demos together may take; an upload past it is refused. */
    quotaBytes: number;
    /** Days after a match finishes that its demos are accepted and kept. */
    retentionDays: number;
    /** Server screenshots a captain may ask for per map while the match is live. */
    screenshotsPerCaptainPerMap: number;
  };
  gameServers: {
    /**
     * Where match servers come from: `pool` (servers admins register, driven over rcon), `embedded` (the pool
     * with one emulated CoD4x server per demo location started in-process: the development default) or
     * `simulated` (a getstatus-only responder per match: the test default).
     */
    provider: GameServerProviderName;
    /** Key that encrypts pool servers' rcon passwords; null = generated once into `dataDir` (not in production). */
    secretKey: string | null;
    /** How long rcon waits for an answer, and the quiet that ends a multi-datagram answer. */
    rconTimeoutMs: number;
    rconQuietMs: number;
    /** How often live servers are read (`status` over rcon for the roster lock; at most 5000). 0 = off. */
    monitorIntervalMs: number;
    /** An allocated server that has not answered for this long is reported offline. */
    offlineAfterMs: number;
    /**
     * The embedded default: always-on emulated servers per location, how many more it may start on demand
     * (one per match when none is free, stopped at release), and their time scale.
     */
    embedded: { serversPerLocation: number; maxServers: number; msPerGameSecond: number };
    /** How long a simulated server stays silent (STARTING) after it is provisioned. */
    simulatedStartupMs: number;
    /** How long the status query waits for the UDP answer. */
    queryTimeoutMs: number;
  };
  pusher: {
    appId: string;
    key: string;
    secret: string;
    host: string | null;
    port: number | null;
    scheme: 'http' | 'https';
    clientEvents: boolean;
    maxPresenceMembers: number;
    /** Open WebSockets one address may hold on one instance (more are closed with 4102). */
    maxConnectionsPerAddress: number;
  };
}

/** SMTP settings: `SMTP_URL`, or `SMTP_HOST` with its port and login; neither = no SMTP server. */
export interface MailConfig {
  smtp:
    | { url: string }
    | { host: string; port: number; secure: boolean; user: string | null; pass: string | null }
    | null;
  /** The From address of every mail (`SMTP_FROM`). */
  from: string;
}

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** Every limited action; `RATE_LIMIT_<NAME>` (upper case) overrides one as `max/windowSeconds`. */
export const RATE_LIMIT_DEFAULTS = {
  register: { max: 5, windowSeconds: 3600 },
  chat: { max: 5, windowSeconds: 5 },
  upload: { max: 20, windowSeconds: 60 },
  heartbeat: { max: 30, windowSeconds: 60 },
  teamCreate: { max: 5, windowSeconds: 3600 },
  invitation: { max: 30, windowSeconds: 3600 },
  tokenRenewal: { max: 10, windowSeconds: 3600 },
  // Each attempt checks the current password with argon2: a stolen session must not guess it quickly.
  passwordChange: { max: 5, windowSeconds: 900 },
  // Password reset mails, counted per address and per email or username asked for.
  passwordReset: { max: 5, windowSeconds: 900 },
  // Requests made with one personal API token (bots and overlays), counted per token.
  apiToken: { max: 120, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;
export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;

/** Fixed realtime credentials of the test suite (NODE_ENV=test only). */
export const TEST_PUSHER = { appId: 'versus-test', key: 'versus-test-key', secret: 'versus-test-secret' };

/** Loopback addresses: a server bound to one of them cannot be reached from another machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Realtime credentials when none are configured (never in production, which refuses to start): random ones
 * generated on the first start and kept in `DATA_DIR/realtime-credentials.json`, so a restart keeps them and
 * nobody can sign a channel with a value published in the source; tests use fixed ones.
 */
function generatedPusherCredentials(nodeEnv: string, dataDir: string): typeof TEST_PUSHER {
  if (nodeEnv === 'test') return TEST_PUSHER;
  const file = path.join(dataDir, 'realtime-credentials.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<typeof TEST_PUSHER>;
    if (stored.appId && stored.key && stored.secret)
      return { appId: stored.appId, key: stored.key, secret: stored.secret };
  } catch {
    // missing or unreadable: generate below
  }
  const fresh = {
    appId: `versus-${crypto.randomBytes(4).toString('hex')}`,
    key: crypto.randomBytes(10).toString('hex'),
    secret: crypto.randomBytes(32).toString('base64url'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(fresh), { mode: 0o600 });
  return fresh;
}

/**
 * The embedded database's buffer cache. PostgreSQL's own default (128 MB, which PGlite 0.3 always used) is
 * memory the process holds from the start whether or not the data needs it; the demo world and a club's
 * season fit in a few MB. The command-line setting also wins over a `postgresql.conf` written by an older
 * PGlite's initdb (400 kB there). Measured in docs/benchmarks.md (memory);
 * `PGLITE_SHARED_BUFFERS` overrides it.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * HEAP_GROWING_PERCENT's default: V8 grows the heap to 1.5 times what a full collection found alive (heap-growth.ts;
 * measured in docs/benchmarks.md, memory).
 */
export const HEAP_GROWING_PERCENT = 50;

/** PGLITE_SHARED_BUFFERS: a size PostgreSQL reads (`16MB`, `8192kB`, `1GB`); unset: the default. */
function sharedBuffersFrom(value: string | undefined): string {
  const v = value?.trim() ?? '';
  if (v === '') return PGLITE_SHARED_BUFFERS;
  if (!/^\d+(kB|MB|GB)$/.test(v))
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 16MB or 8192kB, not ${JSON.stringify(v)}.`);
  return v;
}

/** TRUST_PROXY: unset/false = trust no proxy; a number = hop count; else comma-separated addresses/CIDRs. */
function trustProxyFrom(value: string | undefined): boolean | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true')
    throw new Error('TRUST_PROXY=true would trust any X-Forwarded-For: give a hop count or addresses.');
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

function rateLimitsFrom(env: NodeJS.ProcessEnv): Record<RateLimitName, RateLimitRule> {
  const out = {} as Record<RateLimitName, RateLimitRule>;
  const defaults: Record<RateLimitName, RateLimitRule> = {
    ...RATE_LIMIT_DEFAULTS,
    // The chat limit keeps its older variables.
    chat: {
      max: intFrom(env.CHAT_RATE_LIMIT_MESSAGES, RATE_LIMIT_DEFAULTS.chat.max),
      windowSeconds: intFrom(env.CHAT_RATE_LIMIT_WINDOW_SECONDS, RATE_LIMIT_DEFAULTS.chat.windowSeconds),
    },
  };
  for (const [name, fallback] of Object.entries(defaults) as [RateLimitName, RateLimitRule][]) {
    const variable = `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    const raw = env[variable]?.trim();
    if (!raw) {
      out[name] = fallback;
      continue;
    }
    const match = /^(\d+)\/(\d+)$/.exec(raw);
    if (!match || Number(match[2]) === 0)
      throw new Error(`${variable} must look like max/seconds, e.g. 5/60.`);
    out[name] = { max: Number(match[1]), windowSeconds: Number(match[2]) };
  }
  return out;
}

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a non-negative integer, got "${value}"`);
  return n;
}

/** `1`/`true` or `0`/`false`; unset: the fallback. */
function boolFrom(variable: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`${variable} must be 1 or 0, not "${value}".`);
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

/** SMTP_URL wins; else SMTP_HOST (port 587 with STARTTLS, or 465 with TLS from the start). */
function mailFrom(env: NodeJS.ProcessEnv, appUrl: string): MailConfig {
  const url = nonEmpty(env.SMTP_URL);
  const host = nonEmpty(env.SMTP_HOST);
  const port = intFrom(env.SMTP_PORT, 587);
  return {
    smtp: url
      ? { url }
      : host
        ? { host, port, secure: port === 465, user: nonEmpty(env.SMTP_USER), pass: nonEmpty(env.SMTP_PASS) }
        : null,
    from: nonEmpty(env.SMTP_FROM) ?? `Versus <no-reply@${new URL(appUrl).hostname}>`,
  };
}

export type GameServerProviderName = 'pool' | 'embedded' | 'simulated';

/** Unset: `embedded` in development, `simulated` in tests, `pool` in production. */
function gameServerProvider(value: string | undefined, nodeEnv: string): GameServerProviderName {
  if (value === undefined || value === '') {
    return nodeEnv === 'production' ? 'pool' : nodeEnv === 'test' ? 'simulated' : 'embedded';
  }
  if (value === 'pool' || value === 'embedded' || value === 'simulated') return value;
  throw new Error(`GAME_SERVER_PROVIDER "${value}" is not known (available: pool, embedded, simulated).`);
}

/** EFFECTS_AFTER_COMMIT: `run` (the default) or `defer`, which only tests may use. */
function effectsAfterCommit(value: string | undefined, isProduction: boolean): 'run' | 'defer' {
  const mode = nonEmpty(value) ?? 'run';
  if (mode !== 'run' && mode !== 'defer') {
    throw new Error(`EFFECTS_AFTER_COMMIT must be run or defer, not "${mode}".`);
  }
  if (mode === 'defer' && isProduction) {
    throw new Error(
      'EFFECTS_AFTER_COMMIT=defer is for tests only: it delays every game server and automatic result until the effects worker runs. Remove it when NODE_ENV=production.',
    );
  }
  return mode;
}

/** Builds the configuration; throws with a clear message when a production start lacks secrets. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = intFrom(env.PORT, 3000);
  const appUrl = (nonEmpty(env.APP_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const extraOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

  const appId = nonEmpty(env.PUSHER_APP_ID);
  const key = nonEmpty(env.PUSHER_KEY);
  const secret = nonEmpty(env.PUSHER_SECRET);
  if (isProduction && (!appId || !key || !secret)) {
    throw new Error('PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET must be set when NODE_ENV=production.');
  }
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const generated = appId && key && secret ? null : generatedPusherCredentials(nodeEnv, dataDir);
  const host = nonEmpty(env.HOST) ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  const loopback = isLoopbackHost(host);

  const provider = gameServerProvider(env.GAME_SERVER_PROVIDER, nodeEnv);
  const afterCommit = effectsAfterCommit(env.EFFECTS_AFTER_COMMIT, isProduction);
  const secretKey = nonEmpty(env.GAME_SERVER_SECRET_KEY);
  if (secretKey !== null && secretKey.length < 16) {
    throw new Error('GAME_SERVER_SECRET_KEY must be at least 16 characters.');
  }

  return {
    nodeEnv,
    isProduction,
    host,
    loopback,
    port,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    timeouts: {
      requestMs: intFrom(env.REQUEST_TIMEOUT_MS, 60_000),
      headersMs: intFrom(env.HEADERS_TIMEOUT_MS, 10_000),
      keepAliveMs: intFrom(env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
    },
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'versus:',
    appUrl,
    allowedOrigins: [new URL(appUrl).origin, ...extraOrigins],
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir,
    pgliteSharedBuffers: sharedBuffersFrom(env.PGLITE_SHARED_BUFFERS),
    heapGrowingPercent: intFrom(env.HEAP_GROWING_PERCENT, HEAP_GROWING_PERCENT),
    redisUrl: nonEmpty(env.REDIS_URL),
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    shutdownDrainDelayMs: intFrom(env.SHUTDOWN_DRAIN_DELAY_MS, isProduction ? 5_000 : 0),
    sessionCacheTtlMs: intFrom(env.SESSION_CACHE_TTL_MS, 5000),
    sessionCacheStaleMs: intFrom(env.SESSION_CACHE_STALE_MS, 600_000),
    notificationCacheTtlMs: intFrom(env.NOTIFICATION_CACHE_TTL_MS, 5000),
    pageCacheTtlMs: intFrom(env.PAGE_CACHE_TTL_MS, 5000),
    hotReads: boolFrom('HOT_READS', env.HOT_READS, true),
    seedDemo: !isProduction && env.SEED_DEMO !== '0',
    secureCookies: appUrl.startsWith('https:'),
    loginRateLimit: {
      perUsername: intFrom(env.LOGIN_MAX_ATTEMPTS_PER_USERNAME, 5),
      perIp: intFrom(env.LOGIN_MAX_ATTEMPTS_PER_IP, 20),
      windowSeconds: intFrom(env.LOGIN_RATE_WINDOW_SECONDS, 60),
    },
    rateLimits: rateLimitsFrom(env),
    mail: mailFrom(env, appUrl),
    passwordResetTtlSeconds: intFrom(env.PASSWORD_RESET_TTL_SECONDS, 3600),
    effects: {
      afterCommit,
      intervalMs: intFrom(env.EFFECTS_INTERVAL_MS, intFrom(env.MATCH_SWEEP_INTERVAL_MS, 1000)),
    },
    webhooks: {
      allowPrivate: boolFrom('WEBHOOK_ALLOW_PRIVATE', env.WEBHOOK_ALLOW_PRIVATE, !isProduction),
      retryBaseMs: intFrom(env.WEBHOOK_RETRY_BASE_MS, 10_000),
    },
    matches: {
      sweepIntervalMs: intFrom(env.MATCH_SWEEP_INTERVAL_MS, 1000),
      newMatchHandlingFrom: intFrom(env.NEW_MATCH_HANDLING_FROM, 0),
      // The scenario endpoint stages matches as the demo admin: development on loopback only.
      devEndpoints: !isProduction && loopback,
      scoreApprovalSeconds: intFrom(env.SCORE_APPROVAL_SECONDS, 24 * 60 * 60),
      disputeWindowSeconds: intFrom(env.DISPUTE_WINDOW_SECONDS, 24 * 60 * 60),
      maxSubsPerSide: intFrom(env.MAX_SUBS_PER_SIDE, 2),
      disconnectSubMinutes: intFrom(env.DISCONNECT_SUB_MINUTES, 5),
      locationCountdownIntervalMs: intFrom(env.LOCATION_COUNTDOWN_INTERVAL_MS, 500),
      readCacheTtlMs: intFrom(env.MATCH_READ_CACHE_TTL_MS, 1000),
      serverLogQuietSeconds: intFrom(env.SERVER_LOG_QUIET_SECONDS, 10 * 60),
    },
    stuckMatches: {
      minutes: Math.max(1, intFrom(env.STUCK_MATCH_MINUTES, 30)),
      personHours: Math.max(1, intFrom(env.STUCK_MATCH_PERSON_HOURS, 48)),
      checkIntervalMs: intFrom(env.STUCK_MATCH_CHECK_INTERVAL_MS, 60_000),
    },
    soloQueue: {
      popSeconds: Math.max(5, intFrom(env.SOLO_QUEUE_POP_SECONDS, 30)),
      declineCooldownSeconds: intFrom(env.SOLO_QUEUE_DECLINE_COOLDOWN_SECONDS, 120),
    },
    ratings: { start: intFrom(env.RATING_START, 1000) },
    screenshots: {
      maxBytes: intFrom(env.SCREENSHOT_MAX_BYTES, 5 * 1024 * 1024),
      perPage: intFrom(env.SCREENSHOTS_PER_PAGE, 12),
      maxPerMatch: intFrom(env.SCREENSHOTS_MAX_PER_MATCH, 200),
      maxPerUserPerMatch: intFrom(env.SCREENSHOTS_MAX_PER_USER_PER_MATCH, 30),
    },
    demos: {
      maxBytes: intFrom(env.DEMO_MAX_BYTES, 200 * 1024 * 1024),
      quotaBytes: intFrom(env.DEMOS_QUOTA_BYTES, 20 * 1024 * 1024 * 1024),
      retentionDays: intFrom(env.DEMOS_RETENTION_DAYS, 30),
      screenshotsPerCaptainPerMap: intFrom(env.SERVER_SCREENSHOTS_PER_CAPTAIN_PER_MAP, 3),
    },
    gameServers: {
      provider,
      secretKey,
      rconTimeoutMs: intFrom(env.GAME_SERVER_RCON_TIMEOUT_MS, 1500),
      rconQuietMs: intFrom(env.GAME_SERVER_RCON_QUIET_MS, 100),
      monitorIntervalMs: Math.min(intFrom(env.GAME_SERVER_MONITOR_INTERVAL_MS, 2000), 5000),
      offlineAfterMs: intFrom(env.GAME_SERVER_OFFLINE_AFTER_MS, 10_000),
      embedded: {
        serversPerLocation: intFrom(env.EMBEDDED_SERVERS_PER_LOCATION, 1),
        maxServers: intFrom(env.EMBEDDED_MAX_SERVERS, 8),
        msPerGameSecond: intFrom(env.EMBEDDED_MS_PER_GAME_SECOND, 50),
      },
      simulatedStartupMs: intFrom(env.SIMULATED_SERVER_STARTUP_MS, 5000),
      queryTimeoutMs: intFrom(env.GAME_SERVER_QUERY_TIMEOUT_MS, 1500),
    },
    pusher: {
      appId: generated?.appId ?? appId ?? '',
      key: generated?.key ?? key ?? '',
      secret: generated?.secret ?? secret ?? '',
      host: nonEmpty(env.PUSHER_HOST),
      port: env.PUSHER_PORT ? intFrom(env.PUSHER_PORT, 443) : null,
      scheme: env.PUSHER_SCHEME === 'http' ? 'http' : 'https',
      clientEvents: env.PUSHER_CLIENT_EVENTS === 'true',
      maxPresenceMembers: intFrom(env.PUSHER_MAX_PRESENCE_MEMBERS, 100),
      maxConnectionsPerAddress: intFrom(env.WS_MAX_CONNECTIONS_PER_ADDRESS, 50),
    },
  };
}

import path from 'node:path';

/** Runtime configuration, read once from the environment (see the README for every variable). */
export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  host: string;
  port: number;
  /** Public URL of the web app; its origin is the default allowed WebSocket/CORS origin. */
  appUrl: string;
  allowedOrigins: string[];
  /** PostgreSQL connection string; null means embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  redisUrl: string | null;
  /** Seed the demo world on first start (never in production). */
  seedDemo: boolean;
  secureCookies: boolean;
  loginRateLimit: { perUsername: number; perIp: number; windowSeconds: number };
  /** Match engine (see the README's "Match engine" section). */
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
    /** How often the location vote countdown ticker runs; each second is published once. 0 = off. */
    locationCountdownIntervalMs: number;
    /** How long this instance serves a cached `GET /api/v1/match/{id}` before rechecking the version; 0 = off. */
    readCacheTtlMs: number;
  };
  /** Match room chat: at most `maxMessages` per user per `windowSeconds` (per instance). */
  chat: { maxMessages: number; windowSeconds: number };
  /** Elo (see the README's "Match engine"): K factor and the rating every team and player starts at. */
  ratings: { k: number; start: number };
  /** Anticheat screenshots (stored under `dataDir/uploads` by default). */
  screenshots: { maxBytes: number; perPage: number };
  gameServers: {
    /** Which `GameServerProvider` provisions servers; only 'simulated' ships. */
    provider: 'simulated';
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
  };
}

const DEV_PUSHER = { appId: 'versus', key: 'versus-key', secret: 'versus-dev-secret' };

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a non-negative integer, got "${value}"`);
  return n;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function gameServerProvider(value: string | undefined): 'simulated' {
  if (value === undefined || value === '' || value === 'simulated') return 'simulated';
  throw new Error(`GAME_SERVER_PROVIDER "${value}" is not known (available: simulated).`);
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

  return {
    nodeEnv,
    isProduction,
    host: env.HOST ?? '0.0.0.0',
    port,
    appUrl,
    allowedOrigins: [new URL(appUrl).origin, ...extraOrigins],
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    redisUrl: nonEmpty(env.REDIS_URL),
    seedDemo: !isProduction && env.SEED_DEMO !== '0',
    secureCookies: appUrl.startsWith('https:'),
    loginRateLimit: {
      perUsername: intFrom(env.LOGIN_MAX_ATTEMPTS_PER_USERNAME, 5),
      perIp: intFrom(env.LOGIN_MAX_ATTEMPTS_PER_IP, 20),
      windowSeconds: intFrom(env.LOGIN_RATE_WINDOW_SECONDS, 60),
    },
    matches: {
      sweepIntervalMs: intFrom(env.MATCH_SWEEP_INTERVAL_MS, 1000),
      newMatchHandlingFrom: intFrom(env.NEW_MATCH_HANDLING_FROM, 0),
      devEndpoints: !isProduction,
      scoreApprovalSeconds: intFrom(env.SCORE_APPROVAL_SECONDS, 24 * 60 * 60),
      disputeWindowSeconds: intFrom(env.DISPUTE_WINDOW_SECONDS, 24 * 60 * 60),
      maxSubsPerSide: intFrom(env.MAX_SUBS_PER_SIDE, 2),
      locationCountdownIntervalMs: intFrom(env.LOCATION_COUNTDOWN_INTERVAL_MS, 500),
      readCacheTtlMs: intFrom(env.MATCH_READ_CACHE_TTL_MS, 1000),
    },
    chat: {
      maxMessages: intFrom(env.CHAT_RATE_LIMIT_MESSAGES, 5),
      windowSeconds: intFrom(env.CHAT_RATE_LIMIT_WINDOW_SECONDS, 5),
    },
    ratings: { k: intFrom(env.RATING_K, 32), start: intFrom(env.RATING_START, 1000) },
    screenshots: {
      maxBytes: intFrom(env.SCREENSHOT_MAX_BYTES, 5 * 1024 * 1024),
      perPage: intFrom(env.SCREENSHOTS_PER_PAGE, 12),
    },
    gameServers: {
      provider: gameServerProvider(env.GAME_SERVER_PROVIDER),
      simulatedStartupMs: intFrom(env.SIMULATED_SERVER_STARTUP_MS, 5000),
      queryTimeoutMs: intFrom(env.GAME_SERVER_QUERY_TIMEOUT_MS, 1500),
    },
    pusher: {
      appId: appId ?? DEV_PUSHER.appId,
      key: key ?? DEV_PUSHER.key,
      secret: secret ?? DEV_PUSHER.secret,
      host: nonEmpty(env.PUSHER_HOST),
      port: env.PUSHER_PORT ? intFrom(env.PUSHER_PORT, 443) : null,
      scheme: env.PUSHER_SCHEME === 'http' ? 'http' : 'https',
      clientEvents: env.PUSHER_CLIENT_EVENTS === 'true',
      maxPresenceMembers: intFrom(env.PUSHER_MAX_PRESENCE_MEMBERS, 100),
    },
  };
}

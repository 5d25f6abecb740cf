// The key that encrypts pool servers' rcon passwords. Configured with GAME_SERVER_SECRET_KEY (required in
// production); in development one is generated on first start and kept in DATA_DIR, so a restart can still
// read what it stored; tests use a fixed one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/** The key tests encrypt rcon passwords with (never used outside NODE_ENV=test). */
export const TEST_SECRET_KEY = 'test-game-server-secret-key';

/** The key, or null in production when none is configured (the pool then stays off: see the plugin). */
export function resolveSecretKey(config: Config): string | null {
  if (config.gameServers.secretKey) return config.gameServers.secretKey;
  if (config.nodeEnv === 'test') return TEST_SECRET_KEY;
  if (config.isProduction) return null;
  const file = path.join(config.dataDir, 'game-server-secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const key = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  }
}

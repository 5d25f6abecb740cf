// The seam between the pool and a back end that starts a server per match (the embedded default's
// emulators today, a container scheduler's Jobs on paper: docs/game-servers.md).
import type { GameServerHostRow } from '../../db/schema/index.ts';

/**
 * Servers started on demand, one per match, the way a container scheduler starts a Job (the embedded
 * default's emulators): when no registered server is free the pool asks for one in the match's location,
 * and a server started so stops when its match releases it instead of going back to the pool.
 */
export interface OnDemandServers {
  /** Starts a server at the location and registers it free in the pool: its host id, or null at the cap. */
  startFor(locationId: number | null): Promise<number | null>;
  /** Whether the server stops at release (started on demand) rather than going back to the pool. */
  stopsAtRelease(host: GameServerHostRow): boolean;
  /** Stops a server the pool no longer offers (its row is already retired). */
  stop(hostId: number): Promise<void>;
}

/**
 * A server started on demand, once its match let it go: never offered again (disabled, OFFLINE) and off its
 * address (a negative port keeps the unique host and port free), so the next start may reuse the row.
 */
export function retired(host: Pick<GameServerHostRow, 'id'>) {
  return { enabled: false, status: 'OFFLINE', port: -host.id, lastError: null } as const;
}

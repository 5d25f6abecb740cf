/**
 * Where game servers come from. The platform asks a provider for a server when a match's veto ends and
 * destroys it when the match is over; the server's live status is read by the standard Quake 3
 * `getstatus` UDP query (see quake3-query.ts), which every CoD4 server answers, so it does not depend on
 * the provider. A hosting back end (a container scheduler, a rented-server API) implements this
 * interface and is selected in `createGameServerProvider`.
 */
export interface ProvisionRequest {
  matchId: number;
  /** Location the players voted for (or the default one). */
  locationId: number | null;
  /** Map commands in play order, e.g. `['mp_crash', 'mp_strike']`. */
  maps: string[];
  maxPlayers: number;
  /** In-game names the simulated provider shows as connected players. */
  playerNames: string[];
}

export interface ProvisionedServer {
  host: string;
  port: number;
  /** Join password players need; part of the connection string. */
  password: string;
  rconPassword: string;
}

export interface GameServerProvider {
  readonly name: string;
  provision(request: ProvisionRequest): Promise<ProvisionedServer>;
  /** Brings back a server the platform still needs after a restart of this process (no-op when it lives elsewhere). */
  resume(request: ProvisionRequest, server: ProvisionedServer): Promise<void>;
  /**
   * Hands the server the bearer token it posts its log with (`POST /api/v1/game-server-log/{matchId}`).
   * A real back end sets it as a dvar over rcon or in the log shipper's config; the platform keeps only
   * the token's hash, so a new one is minted and delivered again whenever the server is (re)started.
   */
  deliverLogToken(server: Pick<ProvisionedServer, 'host' | 'port'>, token: string): Promise<void>;
  destroy(server: Pick<ProvisionedServer, 'host' | 'port'>): Promise<void>;
  close(): Promise<void>;
}

/** The `connect` command a player pastes into the CoD4 console. */
export function connectionString(server: Pick<ProvisionedServer, 'host' | 'port' | 'password'>): string {
  return `connect ${server.host}:${server.port}; password ${server.password}`;
}

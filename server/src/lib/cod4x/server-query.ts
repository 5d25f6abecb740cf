// The status query (`getstatus`) through gamedig, the maintained query library (game type `cod4mw`, its
// Quake 3 protocol). CoD4x rate-limits getstatus per address (SVC_Status: about one per 2 s is answered
// reliably), so callers poll no faster than that; the roster lock reads players over rcon `status` instead.
import { GameDig } from 'gamedig';

export interface ServerQueryAnswer {
  hostname: string;
  map: string;
  players: number;
  maxPlayers: number;
  /** Every serverinfo key as the server sent it. */
  vars: Record<string, string>;
}

/** Queries a CoD4 server; null when it does not answer within `timeoutMs`. */
export async function queryServer(
  host: string,
  port: number,
  timeoutMs = 1500,
): Promise<ServerQueryAnswer | null> {
  try {
    const state = await GameDig.query({
      type: 'cod4mw',
      host,
      port,
      maxRetries: 0,
      socketTimeout: timeoutMs,
      attemptTimeout: timeoutMs,
      givenPortOnly: true,
    });
    const vars = Object.fromEntries(
      Object.entries((state.raw ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
    const maxPlayers = Number(vars.sv_maxclients);
    return {
      hostname: state.name,
      map: state.map,
      // gamedig files players with ping 0 under "bots"; CoD4 clients still connecting show ping 0 too.
      players: state.players.length + state.bots.length,
      maxPlayers: Number.isInteger(maxPlayers) ? maxPlayers : state.maxplayers,
      vars,
    };
  } catch {
    return null;
  }
}

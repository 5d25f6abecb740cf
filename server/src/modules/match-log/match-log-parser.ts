// The match log's one parser: turns CoD4 `games_mp.log` lines into typed events; pure. Every line the
// platform reads is parsed here, `InitGame:` included (its map for the statistics, its `_versus_match` dvar
// for the agent's attribution of lines to matches). See docs/statistics.md ("The log format Versus reads")
// for every line format we read and the ones we add (`RW;`).
//
// A line is `<minutes>:<seconds> <event>` with the time right-aligned (`  0:12 K;...`). Fields are split by
// `;`. Names may themselves contain `;`, so the damage/kill lines are split from both ends (see `splitHit`).

export type GameTeam = 'allies' | 'axis';

/** One side of a damage or kill line. `guid` is '' for the world (falls, map triggers) and for bots. */
export interface LogActor {
  guid: string;
  num: number;
  /** 'allies' | 'axis', or '' / 'world' / 'spectator' when not on a team. */
  team: string;
  name: string;
}

/** A `D;` (damage) or `K;` (kill) line. */
export interface HitEvent {
  type: 'damage' | 'kill';
  time: number;
  victim: LogActor;
  /** Null for the world (no player attacker). */
  attacker: LogActor | null;
  weapon: string;
  damage: number;
  meansOfDeath: string;
  hitLocation: string;
}

/**
 * An `InitGame:` line: CoD4 writes every serverinfo dvar into it. `mapName` is null when the line names no
 * map (no map for the statistics, but it still switches the match its lines belong to). `versusMatch` is
 * the `_versus_match` dvar the platform sets on a pool server it allocates, absent when not set.
 */
export interface InitGameEvent {
  type: 'init';
  time: number;
  mapName: string | null;
  gameType: string | null;
  versusMatch?: number;
}

/**
 * The platform's own marker, never a game server's line: the map was restored at its score on a (new)
 * server here (match-log/restore-point.ts). `rounds` completed rounds of `mapName` are kept; the round in
 * progress before the marker is dropped, and the next `InitGame` of the map continues it. Subscribers never
 * see it: `continueRestoredMaps` (restore-point.ts) applies it to the events they get.
 */
export interface RestoreEvent {
  type: 'restore';
  time: number;
  mapName: string;
  rounds: number;
  attack: number;
  defence: number;
}

/** What the stored log holds: the game's events and the platform's restore markers. */
export type StoredLogEvent = LogEvent | RestoreEvent;

export type LogEvent =
  | InitGameEvent
  | { type: 'shutdown'; time: number }
  | { type: 'join'; time: number; guid: string; num: number; name: string }
  | { type: 'quit'; time: number; guid: string; num: number; name: string }
  | { type: 'team'; time: number; guid: string; num: number; team: string; name: string }
  | HitEvent
  | { type: 'plant' | 'defuse'; time: number; guid: string; num: number; name: string }
  | { type: 'round'; time: number; round: number; winner: GameTeam | 'tie'; reason: string };

const TIME = /^\s*(\d{1,5}):(\d{2})\s+(.*)$/;
const INT = /^-?\d+$/;
const TEAM_WORDS = new Set(['allies', 'axis', 'world', 'spectator', 'none', '']);

/** Seconds since the server started, from the line's `m:ss` prefix. */
function seconds(minutes: string, secs: string): number {
  return Number(minutes) * 60 + Number(secs);
}

/** Parses one log line; null for lines we do not use (chat, weapons, ExitLevel, malformed lines). */
export function parseLogLine(raw: string): LogEvent | null {
  const match = TIME.exec(raw.replace(/\r$/, ''));
  if (!match) return null;
  const time = seconds(match[1] ?? '0', match[2] ?? '0');
  const body = match[3] ?? '';

  if (body.startsWith('InitGame:')) return parseInit(time, body.slice('InitGame:'.length));
  if (body.startsWith('ShutdownGame:')) return { type: 'shutdown', time };

  const fields = body.split(';');
  const tag = fields[0] ?? '';
  switch (tag) {
    case 'J':
    case 'Q':
    case 'P_P':
    case 'P_D': {
      // `J;guid;num;name` — a name with `;` in it is joined back.
      if (fields.length < 4 || !INT.test(fields[2] ?? '')) return null;
      const person = { guid: fields[1] ?? '', num: Number(fields[2]), name: fields.slice(3).join(';') };
      const type = tag === 'J' ? 'join' : tag === 'Q' ? 'quit' : tag === 'P_P' ? 'plant' : 'defuse';
      return { type, time, ...person };
    }
    case 'JT': {
      // `JT;guid;num;team;name;` (CoD4 prints a trailing `;`).
      if (fields.length < 5 || !INT.test(fields[2] ?? '')) return null;
      const rest = fields.slice(4);
      if (rest.length > 1 && rest[rest.length - 1] === '') rest.pop();
      return {
        type: 'team',
        time,
        guid: fields[1] ?? '',
        num: Number(fields[2]),
        team: fields[3] ?? '',
        name: rest.join(';'),
      };
    }
    case 'D':
    case 'K':
      return parseHit(tag === 'D' ? 'damage' : 'kill', time, fields.slice(1));
    case 'RW': {
      // `RW;round;winner;reason` — printed by our server script at each round's end (docs/statistics.md).
      const round = Number(fields[1]);
      const winner = fields[2];
      if (!Number.isInteger(round) || round < 1) return null;
      if (winner !== 'allies' && winner !== 'axis' && winner !== 'tie') return null;
      return { type: 'round', time, round, winner, reason: fields.slice(3).join(';') };
    }
    default:
      return null;
  }
}

function parseInit(time: number, info: string): InitGameEvent {
  // `\key\value\key\value...`
  const parts = info.trim().split('\\');
  if (parts[0] === '') parts.shift();
  const vars = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length; i += 2) vars.set((parts[i] ?? '').toLowerCase(), parts[i + 1] ?? '');
  const mapName = vars.get('mapname');
  const event: InitGameEvent = {
    type: 'init',
    time,
    mapName: mapName ? mapName.toLowerCase() : null,
    gameType: vars.get('g_gametype') ?? null,
  };
  const match = vars.get('_versus_match');
  if (match !== undefined && /^\d{1,9}$/.test(match)) event.versusMatch = Number(match);
  return event;
}

/** The match an `InitGame:` event names (`_versus_match`), 0 for none, null when it is no InitGame. */
export function initGameMatch(event: LogEvent | null): number | null {
  return event?.type === 'init' ? (event.versusMatch ?? 0) : null;
}

/**
 * `victimGuid;victimNum;victimTeam;victimName;attackerGuid;attackerNum;attackerTeam;attackerName;weapon;
 * damage;meansOfDeath;hitLoc` (12 fields after the tag). With `;` inside a name there are more: the first
 * three and the last four fields are fixed, and the attacker's `guid;num;team` is found as the first place in
 * the middle where a number is followed by a team word.
 */
function parseHit(type: 'damage' | 'kill', time: number, f: string[]): HitEvent | null {
  if (f.length < 12 || !INT.test(f[1] ?? '')) return null;
  const tail = f.slice(-4);
  const middle = f.slice(3, -4); // victimName ... attackerName
  let split = -1;
  for (let i = 1; i + 2 < middle.length; i++) {
    if (INT.test(middle[i + 1] ?? '') && TEAM_WORDS.has(middle[i + 2] ?? '')) {
      split = i;
      break;
    }
  }
  if (split < 0) return null;
  const damage = Number(tail[1]);
  if (!Number.isFinite(damage)) return null;
  const victim: LogActor = {
    guid: f[0] ?? '',
    num: Number(f[1]),
    team: f[2] ?? '',
    name: middle.slice(0, split).join(';'),
  };
  const attacker: LogActor = {
    guid: middle[split] ?? '',
    num: Number(middle[split + 1]),
    team: middle[split + 2] ?? '',
    name: middle.slice(split + 3).join(';'),
  };
  const isWorld = attacker.num < 0 || attacker.team === 'world';
  return {
    type,
    time,
    victim,
    attacker: isWorld ? null : attacker,
    weapon: tail[0] ?? '',
    damage: Math.max(0, Math.round(damage)),
    meansOfDeath: tail[2] ?? '',
    hitLocation: tail[3] ?? '',
  };
}

const RESTORE_TAG = 'VERSUS_RESTORE';

/** The stored line of a restore marker (kept in its own batch, see match-log.repository.ts). */
export function restoreMarkerLine(marker: Omit<RestoreEvent, 'type' | 'time'>): string {
  return `  0:00 ${RESTORE_TAG};${marker.mapName};${marker.rounds};${marker.attack};${marker.defence}`;
}

/** Reads a restore marker line; only the platform's own marker batches are read with this. */
export function parseRestoreMarker(raw: string): RestoreEvent | null {
  const m = /^\s*\d+:\d{2} VERSUS_RESTORE;(mp_\w+);(\d+);(\d+);(\d+)$/.exec(raw);
  if (!m) return null;
  return {
    type: 'restore',
    time: 0,
    mapName: m[1] ?? '',
    rounds: Number(m[2]),
    attack: Number(m[3]),
    defence: Number(m[4]),
  };
}

/** Splits a text body into lines (a game server may post the raw file chunk instead of a JSON array). */
export function splitLogText(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

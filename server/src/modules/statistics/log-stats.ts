// Folds parsed log events into per-map, per-player statistics; pure. Map boundaries, restarts and round
// handling are described in docs/statistics.md.
import { fpsRating, kdRatio, type RatingCounters } from './fps-rating.ts';
import {
  parseLogLine,
  type GameTeam,
  type HitEvent,
  type LogActor,
  type LogEvent,
} from '../match-log/index.ts';

export interface PlayerCounters extends RatingCounters {
  assists: number;
  /** Health taken from enemies (each hit capped at what the victim had left of 100). */
  damage: number;
  headshots: number;
  plants: number;
  defuses: number;
  teamKills: number;
  suicides: number;
}

export interface LogPlayerStats extends PlayerCounters {
  /** The GUID, or `#name` for a player without one (bots, cracked servers). */
  key: string;
  guid: string;
  /** The last name seen for the player on this map. */
  name: string;
  score: number;
  fpsRating: number | null;
  kdRatio: number;
}

export interface LogRound {
  round: number;
  winner: GameTeam | 'tie';
  /** The `RW;` line's reason as logged (`enemies_eliminated`, `bomb_exploded`, `bomb_defused`, `time_expired`). */
  reason: string;
  /** Player keys on each game team during the round (teams swap at half time, so this is per round). */
  allies: string[];
  axis: string[];
  /** Enemy kills in the round by player key (players without a kill are absent); the round timeline reads it. */
  kills: Record<string, number>;
}

export interface LogMapStats {
  mapName: string;
  rounds: LogRound[];
  players: LogPlayerStats[];
}

/** Points per action (Versus' scoreboard score, close to CoD4's own S&D scoreboard). */
export const SCORE_POINTS = { kill: 5, assist: 2, plant: 5, defuse: 5 } as const;

const FULL_HEALTH = 100;

export function emptyCounters(): PlayerCounters {
  return {
    roundsPlayed: 0,
    roundsSurvived: 0,
    kills: 0,
    deaths: 0,
    rounds1k: 0,
    rounds2k: 0,
    rounds3k: 0,
    rounds4k: 0,
    rounds5k: 0,
    assists: 0,
    damage: 0,
    headshots: 0,
    plants: 0,
    defuses: 0,
    teamKills: 0,
    suicides: 0,
  };
}

export function scoreOf(c: Pick<PlayerCounters, 'kills' | 'assists' | 'plants' | 'defuses'>): number {
  return (
    c.kills * SCORE_POINTS.kill +
    c.assists * SCORE_POINTS.assist +
    c.plants * SCORE_POINTS.plant +
    c.defuses * SCORE_POINTS.defuse
  );
}

/** Parses a whole match log (all batches in order) into the maps it played. */
export function summarizeLog(lines: readonly string[]): LogMapStats[] {
  const events: LogEvent[] = [];
  for (const line of lines) {
    const event = parseLogLine(line);
    if (event) events.push(event);
  }
  return summarizeEvents(events);
}

/** Folds a whole match log's parsed events (all batches in order) into the maps it played. */
export function summarizeEvents(events: Iterable<LogEvent>): LogMapStats[] {
  return new MatchLogFold().add(events).snapshot();
}

/**
 * A match log's fold, fed batch after batch: `add` takes only the new events, `snapshot` answers what
 * `summarizeEvents` of the whole log so far answers (it is the same code). Its state is the finished maps'
 * results, the map in play and, after an `InitGame` of that same map whose first `RW` has not come yet, a
 * second fold of the lines since that `InitGame`:
 *
 * An `InitGame` of the map being played either continues it (CoD4 restarts the level between S&D rounds; the
 * next `RW` then carries round 2 or later) or restarts it (an admin `map_restart`, or the match going live
 * after warm-up: the next `RW` is round 1, or another `InitGame` comes first). A restart discards the partial
 * map. Until the next `RW` tells, the lines go to both folds; the `RW` keeps one. The log's last `InitGame`,
 * with no `RW` after it yet, continues a map that has rounds: a log read while the match is being played (the
 * live score) usually ends in the middle of a round.
 *
 * Cost: each event is applied once (twice while undecided); a snapshot costs the players and rounds of the
 * map in play, not the length of the log.
 */
export class MatchLogFold {
  private readonly finished: LogMapStats[] = [];
  private current: MapFold | null = null;
  /** The lines since an `InitGame` of the current map, as a map of their own (the restart reading). */
  private restart: MapFold | null = null;

  add(events: Iterable<LogEvent>): this {
    for (const event of events) this.apply(event);
    return this;
  }

  private apply(event: LogEvent): void {
    if (event.type === 'init') {
      // An InitGame naming no map starts nothing: the statistics have no map to put its lines on.
      if (event.mapName === null) return;
      // An undecided InitGame followed by another one (no RW between) was a restart.
      if (this.restart) this.keepRestart();
      if (this.current?.mapName === event.mapName) {
        this.restart = new MapFold(event.mapName);
        return;
      }
      if (this.current) this.finished.push(this.current.result());
      this.current = new MapFold(event.mapName);
      return;
    }
    if (event.type === 'round' && this.restart) {
      if (event.round <= 1) this.keepRestart();
      this.restart = null;
    }
    // Lines before the first InitGame belong to no known map and are dropped.
    this.current?.apply(event);
    this.restart?.apply(event);
  }

  private keepRestart(): void {
    this.current = this.restart;
    this.restart = null;
  }

  /** The maps played so far (a map played again later in the log is listed again). */
  snapshot(): LogMapStats[] {
    const maps = [...this.finished];
    if (this.current) {
      // Undecided at the end of the log: a continuation when the map has rounds, else a restart.
      const inPlay = this.restart && !this.current.hasRounds() ? this.restart : this.current;
      maps.push(inPlay.result());
    }
    return maps.filter(
      (map) => map.rounds.length > 0 || map.players.some((p) => p.kills + p.deaths + p.damage > 0),
    );
  }
}

interface PlayerState extends PlayerCounters {
  key: string;
  guid: string;
  name: string;
}

function actorKey(guid: string, name: string): string {
  return guid !== '' ? guid : `#${name}`;
}

/**
 * A kill by a hit to the head: CoD4 logs the hit location `head` or `helmet` (a helmet hit kills as a head
 * hit does), and bullet headshots as `MOD_HEAD_SHOT`.
 */
function isHeadshot(event: { meansOfDeath: string; hitLocation: string }): boolean {
  return (
    event.meansOfDeath === 'MOD_HEAD_SHOT' || event.hitLocation === 'head' || event.hitLocation === 'helmet'
  );
}

function isTeam(team: string): team is GameTeam {
  return team === 'allies' || team === 'axis';
}

/** One map's fold: counters per player, round results, lives (for assists and the damage cap). */
export class MapFold {
  private readonly players = new Map<string, PlayerState>();
  private readonly teamOf = new Map<string, GameTeam>();
  private readonly connected = new Set<string>();
  private readonly rounds: LogRound[] = [];
  // The current round and the current lives.
  private roundKills = new Map<string, number>();
  private roundDied = new Set<string>();
  private roundActive = new Set<string>();
  private health = new Map<string, number>();
  private damagers = new Map<string, Set<string>>();

  constructor(readonly mapName: string) {}

  hasRounds(): boolean {
    return this.rounds.length > 0;
  }

  apply(event: LogEvent): void {
    switch (event.type) {
      case 'init':
      case 'shutdown':
        return;
      case 'join':
        this.connected.add(this.touch(event.guid, event.name).key);
        return;
      case 'quit':
        this.connected.delete(this.touch(event.guid, event.name).key);
        return;
      case 'team': {
        const player = this.touch(event.guid, event.name);
        this.connected.add(player.key);
        if (isTeam(event.team)) this.teamOf.set(player.key, event.team);
        else this.teamOf.delete(player.key);
        return;
      }
      case 'damage':
        this.onDamage(event);
        return;
      case 'kill':
        this.onKill(event);
        return;
      case 'plant':
        this.touch(event.guid, event.name).plants++;
        return;
      case 'defuse':
        this.touch(event.guid, event.name).defuses++;
        return;
      case 'round':
        this.onRoundEnd(event.round, event.winner, event.reason);
        return;
    }
  }

  private touch(guid: string, name: string): PlayerState {
    const key = actorKey(guid, name);
    let player = this.players.get(key);
    if (!player) {
      player = { key, guid, name, ...emptyCounters() };
      this.players.set(key, player);
    }
    if (name !== '') player.name = name;
    return player;
  }

  private seen(actor: LogActor): PlayerState {
    const player = this.touch(actor.guid, actor.name);
    this.connected.add(player.key);
    if (isTeam(actor.team)) this.teamOf.set(player.key, actor.team);
    this.roundActive.add(player.key);
    return player;
  }

  private isEnemyHit(victim: LogActor, attacker: LogActor | null): attacker is LogActor {
    if (!attacker) return false;
    if (actorKey(attacker.guid, attacker.name) === actorKey(victim.guid, victim.name)) return false;
    return !(isTeam(victim.team) && victim.team === attacker.team);
  }

  private onDamage(event: HitEvent): void {
    const victim = this.seen(event.victim);
    if (!event.attacker) return;
    const attacker = this.seen(event.attacker);
    if (!this.isEnemyHit(event.victim, event.attacker)) return;
    const left = this.health.get(victim.key) ?? FULL_HEALTH;
    const dealt = Math.min(event.damage, left);
    this.health.set(victim.key, left - dealt);
    attacker.damage += dealt;
    let set = this.damagers.get(victim.key);
    if (!set) this.damagers.set(victim.key, (set = new Set()));
    set.add(attacker.key);
  }

  private onKill(event: HitEvent): void {
    const victim = this.seen(event.victim);
    victim.deaths++;
    this.roundDied.add(victim.key);
    const attacker = event.attacker ? this.seen(event.attacker) : null;
    if (!attacker || attacker.key === victim.key) {
      victim.suicides++;
    } else if (!this.isEnemyHit(event.victim, event.attacker)) {
      attacker.teamKills++;
    } else {
      attacker.kills++;
      if (isHeadshot(event)) attacker.headshots++;
      this.roundKills.set(attacker.key, (this.roundKills.get(attacker.key) ?? 0) + 1);
      for (const key of this.damagers.get(victim.key) ?? []) {
        const helper = this.players.get(key);
        if (helper && key !== attacker.key) helper.assists++;
      }
    }
    // A new life starts at the next round (S&D has one life per round); reset in case of a respawn mode.
    this.damagers.delete(victim.key);
    this.health.delete(victim.key);
  }

  private onRoundEnd(round: number, winner: GameTeam | 'tie', reason: string): void {
    const participants = new Set<string>(this.roundActive);
    for (const key of this.connected) if (this.teamOf.has(key)) participants.add(key);
    const teams: Record<GameTeam, string[]> = { allies: [], axis: [] };
    for (const key of participants) {
      const player = this.players.get(key);
      const team = this.teamOf.get(key);
      if (!player || !team) continue;
      teams[team].push(key);
      player.roundsPlayed++;
      if (!this.roundDied.has(key)) player.roundsSurvived++;
      const kills = this.roundKills.get(key) ?? 0;
      if (kills === 1) player.rounds1k++;
      else if (kills === 2) player.rounds2k++;
      else if (kills === 3) player.rounds3k++;
      else if (kills === 4) player.rounds4k++;
      else if (kills >= 5) player.rounds5k++;
    }
    this.rounds.push({
      round,
      winner,
      reason,
      allies: teams.allies.sort(),
      axis: teams.axis.sort(),
      kills: Object.fromEntries([...this.roundKills].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    });
    this.roundKills = new Map();
    this.roundDied = new Set();
    this.roundActive = new Set();
    this.health = new Map();
    this.damagers = new Map();
  }

  result(): LogMapStats {
    const players = [...this.players.values()]
      .filter((p) => p.roundsPlayed + p.kills + p.deaths + p.damage + p.plants + p.defuses > 0)
      .map((p): LogPlayerStats => ({
        ...p,
        score: scoreOf(p),
        fpsRating: fpsRating(p),
        kdRatio: kdRatio(p.kills, p.deaths),
      }));
    return { mapName: this.mapName, rounds: [...this.rounds], players };
  }
}

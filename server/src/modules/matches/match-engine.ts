// What every match command needs from the app: the database, the clock, the broadcaster, the game
// server service and a logger. One per app instance (`app.matchEngine`); tests give it a fake clock.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Broadcaster } from '../../realtime/index.ts';
import type { GameServerService } from '../game-servers/game-server.service.ts';
import type { MatchRules } from './match-rules.ts';
import type { VetoReadCache } from './veto-read-cache.ts';

export interface MatchEngine {
  db: Db;
  /** Epoch ms; the only clock match code reads. */
  now(): number;
  broadcaster: Broadcaster;
  gameServers: GameServerService;
  log: FastifyBaseLogger;
  /** Matches with an id at or above this use the new veto badge wording (spec: newMatchHandling). */
  newMatchHandlingFrom: number;
  /** Score approval, dispute window, Elo and subs limit, from the configuration. */
  rules: MatchRules;
  /** This instance's cache of the veto-shaped match; dropped for a match after each of its commits. */
  vetoCache: VetoReadCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    matchEngine: MatchEngine;
  }
}

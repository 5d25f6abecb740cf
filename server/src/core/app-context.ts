// What every feature needs from the app, created once per app instance and decorated as `app.ctx`:
// the database, the clock, realtime publishing, the logger and the configuration. Modules take this and
// nothing else from the app; what one module keeps for itself (the match read cache, the game servers)
// lives in that module, per context (see `modules/matches/core/match-module.ts`).
import { realtimeEventSchemas } from '@versus/common/api/realtime-events';
import { eventWireChannel } from '@versus/common/realtime';
import type { RealtimeEventName, RealtimeEventPayloads } from '@versus/common/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Broadcaster, PublishOptions } from '../realtime/index.ts';

export interface AppContext {
  readonly db: Db;
  /** Epoch ms; the only clock services read (tests pass a fake one). A function, so it can be handed on. */
  readonly now: () => number;
  /** The realtime back end; tests wrap it to record what was sent. Features call `publish`. */
  broadcaster: Broadcaster;
  readonly log: FastifyBaseLogger;
  readonly config: Config;
  /**
   * Sends one realtime event on its channel for `id` (a match id, a user id for the private notification
   * channel, a queue id for `OnSoloQueueUpdate`), with the payload its name requires. Call it only after the
   * change it announces has committed. A failed broadcast is logged and never thrown: the change is
   * stored, and clients catch up on their next event or refetch. Outside production the payload is checked
   * against its schema (`@versus/common/api/realtime-events`): a mismatch throws in tests and is logged in
   * development, so an event cannot drift from its contract unnoticed.
   */
  publish<E extends RealtimeEventName>(
    event: E,
    id: number | string,
    payload: RealtimeEventPayloads[E],
    options?: PublishOptions,
  ): Promise<void>;
}

export interface AppContextParts {
  db: Db;
  now?: () => number;
  broadcaster: Broadcaster;
  log: FastifyBaseLogger;
  config: Config;
}

export function createAppContext(parts: AppContextParts): AppContext {
  const checkPayloads = parts.config.nodeEnv !== 'production';
  const ctx: AppContext = {
    db: parts.db,
    now: parts.now ?? Date.now,
    broadcaster: parts.broadcaster,
    log: parts.log,
    config: parts.config,
    async publish(event, id, payload, options) {
      if (checkPayloads) {
        const checked = realtimeEventSchemas[event].safeParse(payload);
        if (!checked.success) {
          const problem = `realtime: ${event} payload breaks its schema: ${checked.error.message}`;
          if (parts.config.nodeEnv === 'test') throw new Error(problem);
          ctx.log.error({ event, id }, problem);
        }
      }
      try {
        // Read at call time: a test may have wrapped the broadcaster after the app was built.
        await ctx.broadcaster.publish(eventWireChannel(event, id), event, payload, options);
      } catch (err) {
        ctx.log.error({ err, event, id }, 'realtime: broadcast failed');
      }
    },
  };
  return ctx;
}

// Tells every instance of the app that something its in-process caches hold has changed: a session ended,
// a user's row changed, a match changed. One instance alone delivers to itself; with `REDIS_URL` the
// message also goes out on one Redis pub/sub channel and every other instance delivers it on arrival.
// Pub/sub is at-most-once: the caches it serves are short-lived, so a message lost while Redis was away
// only lets an entry live until its time runs out.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type ChangeMessage =
  /** Sessions deleted (sign-out, password change, sign out everywhere): refuse them from now on. */
  | { type: 'sessions-ended'; sessionIds: string[] }
  /** A user's row changed (settings, avatar, password): reload it for their sessions. */
  | { type: 'users-changed'; userIds: number[] }
  /** Users' notifications were written, marked seen or deleted: drop their cached panel pages. */
  | { type: 'notifications-changed'; userIds: number[] }
  /** Something the public pages show (teams, ladders, tournaments, profiles) changed: drop their cache. */
  | { type: 'pages-changed' };

export type ChangeHandler = (message: ChangeMessage) => void;

export interface ChangeBus {
  /**
   * Delivers to this instance's handlers at once, then to the other instances. Resolves once Redis took
   * the message (never rejects: a failure is logged and the short cache lifetimes bound the harm).
   */
  publish(message: ChangeMessage): Promise<void>;
  subscribe(handler: ChangeHandler): void;
  close(): Promise<void>;
}

interface Envelope {
  /** The publishing instance. */
  o: string;
  /** Its message number: the publisher waits for its own copy to come back. */
  n: number;
  m: ChangeMessage;
}

const CONNECT_TIMEOUT_MS = 5_000;
/** How long a publisher waits for its own copy before answering anyway (Redis slow or away). */
const ECHO_TIMEOUT_MS = 1_000;

class LocalChangeBus implements ChangeBus {
  protected readonly handlers: ChangeHandler[] = [];

  constructor(protected readonly log: FastifyBaseLogger) {}

  protected deliver(message: ChangeMessage): void {
    for (const handler of this.handlers) {
      try {
        handler(message);
      } catch (err) {
        this.log.error({ err, type: message.type }, 'change bus: a handler failed');
      }
    }
  }

  async publish(message: ChangeMessage): Promise<void> {
    this.deliver(message);
  }

  subscribe(handler: ChangeHandler): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {}
}

/**
 * Redis pub/sub. Redis writes a published message to every subscriber in the one PUBLISH command, so once
 * the publisher's own subscriber has it back the other instances have it on their sockets too: `publish`
 * resolves only then (and one turn of the event loop later), so the request that ended a session answers
 * after every instance could know, and a next request anywhere is refused.
 */
class RedisChangeBus extends LocalChangeBus {
  private readonly instanceId = randomBytes(8).toString('hex');
  private sequence = 0;
  private readonly echoes = new Map<number, () => void>();

  constructor(
    log: FastifyBaseLogger,
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
  ) {
    super(log);
  }

  async start(): Promise<void> {
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(text) as Envelope;
      } catch {
        return;
      }
      if (envelope.o !== this.instanceId) this.deliver(envelope.m);
      else this.echoes.get(envelope.n)?.();
    });
    await this.subscriber.subscribe(this.channel);
  }

  override async publish(message: ChangeMessage): Promise<void> {
    this.deliver(message);
    const n = (this.sequence += 1);
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(n, resolve);
      timer = setTimeout(resolve, ECHO_TIMEOUT_MS);
    });
    try {
      const envelope: Envelope = { o: this.instanceId, n, m: message };
      await this.publisher.publish(this.channel, JSON.stringify(envelope));
      await echoed;
      await new Promise((resolve) => setImmediate(resolve));
    } catch (err) {
      this.log.error({ err, type: message.type }, 'change bus: could not tell the other instances');
    } finally {
      clearTimeout(timer);
      this.echoes.delete(n);
    }
  }

  override async close(): Promise<void> {
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

async function connect(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 3,
  });
  redis.on('error', (err: Error) => log.warn({ err }, 'change bus: Redis connection error'));
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Change bus: Redis at ${new URL(url).host} did not answer (${(err as Error).message})`);
  }
  return redis;
}

/** The local bus, or the Redis one on `redisUrl` (channel `{prefix}changes`). */
export async function createChangeBus(
  redisUrl: string | null,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<ChangeBus> {
  if (!redisUrl) return new LocalChangeBus(log);
  const bus = new RedisChangeBus(
    log,
    await connect(redisUrl, log),
    await connect(redisUrl, log),
    `${prefix}changes`,
  );
  await bus.start();
  return bus;
}

import type { Redis } from 'ioredis';
import type { JoinResult, PresenceMember, PresenceMembers, PresenceStore } from './presence-store.ts';
import { JOIN, LEAVE } from './redis-scripts.ts';

export interface RedisPresenceOptions {
  prefix: string;
  instanceId: string;
  ttlMs: number;
  heartbeatMs: number;
  sweepMs: number;
  /** A dead instance's member was removed here; tell the channel. */
  onSweptMember: (channel: string, userId: string) => Promise<void>;
  /** This instance was presumed dead (its liveness key expired) and its entries may be gone. */
  onResurrected: () => Promise<void>;
  onError: (err: unknown) => void;
}

/**
 * Presence shared by every instance. Keys (under the prefix):
 * - `presence:{channel}:members` hash user id → user_info JSON: the member list all instances read;
 * - `presence:{channel}:user:{id}` set of `{instance}/{socket}`: the user's sockets, so a second tab
 *   on another instance adds no member and the last leave removes it;
 * - `instance:{id}:alive` (TTL) and `instance:{id}:entries`: each instance's liveness and what it
 *   added, so that when an instance dies its entries are removed by the survivors.
 * A crashed instance's members are gone at most ttlMs + sweepMs after its last heartbeat.
 */
export class RedisPresenceStore implements PresenceStore {
  private timers: NodeJS.Timeout[] = [];
  private sweeping = false;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisPresenceOptions,
  ) {}

  private key(...parts: string[]): string {
    return this.options.prefix + parts.join(':');
  }

  private keys(
    channel: string,
    userId: string,
    instanceId = this.options.instanceId,
  ): [string, string, string] {
    return [
      this.key('presence', channel, 'members'),
      this.key('presence', channel, 'user', userId),
      this.key('instance', instanceId, 'entries'),
    ];
  }

  async start(): Promise<void> {
    await this.beat(true);
    await this.sweep();
    const every = (ms: number, task: () => Promise<void>) => {
      const timer = setInterval(() => void task().catch(this.options.onError), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.heartbeatMs, () => this.beat(false));
    every(this.options.sweepMs, () => this.sweep());
  }

  /**
   * Refreshes the liveness key. A sweeper removes an instance from the `instances` set only after it
   * has removed all of its entries, so finding ourselves missing there means we were swept (a pause
   * longer than the TTL) and must register our sockets again.
   */
  private async beat(first: boolean): Promise<void> {
    const { instanceId, ttlMs } = this.options;
    await this.redis.set(this.key('instance', instanceId, 'alive'), '1', 'PX', ttlMs);
    const readded = await this.redis.sadd(this.key('instances'), instanceId);
    if (readded === 1 && !first) await this.options.onResurrected();
  }

  async join(
    channel: string,
    member: PresenceMember,
    socketId: string,
    maxMembers: number,
  ): Promise<JoinResult> {
    const ref = `${this.options.instanceId}/${socketId}`;
    const entry = [channel, member.userId, socketId].join('\n');
    const result = await this.redis.eval(
      JOIN,
      3,
      ...this.keys(channel, member.userId),
      member.userId,
      member.infoJson,
      ref,
      String(maxMembers),
      entry,
    );
    return result === -1 ? 'full' : result === 1 ? 'added' : 'existing';
  }

  leave(channel: string, userId: string, socketId: string): Promise<boolean> {
    return this.leaveAs(this.options.instanceId, channel, userId, socketId);
  }

  private async leaveAs(
    instanceId: string,
    channel: string,
    userId: string,
    socketId: string,
  ): Promise<boolean> {
    const ref = `${instanceId}/${socketId}`;
    const entry = [channel, userId, socketId].join('\n');
    const result = await this.redis.eval(
      LEAVE,
      3,
      ...this.keys(channel, userId, instanceId),
      userId,
      ref,
      entry,
    );
    return result === 1;
  }

  async members(channel: string): Promise<PresenceMembers> {
    return new Map(Object.entries(await this.redis.hgetall(this.key('presence', channel, 'members'))));
  }

  /** Removes the entries of every instance whose liveness key has expired. Idempotent across sweepers. */
  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const instances = await this.redis.smembers(this.key('instances'));
      for (const id of instances) {
        if (id === this.options.instanceId) continue;
        if ((await this.redis.exists(this.key('instance', id, 'alive'))) === 0) await this.sweepInstance(id);
      }
    } finally {
      this.sweeping = false;
    }
  }

  private async sweepInstance(id: string): Promise<void> {
    const entries = await this.redis.smembers(this.key('instance', id, 'entries'));
    for (const entry of entries) {
      const [channel, userId, socketId] = entry.split('\n');
      if (channel === undefined || userId === undefined || socketId === undefined) continue;
      // Only the sweeper whose LEAVE removed the member announces it, so it is announced once.
      if (await this.leaveAs(id, channel, userId, socketId))
        await this.options.onSweptMember(channel, userId);
    }
    await this.redis.srem(this.key('instances'), id);
  }

  /** Graceful stop: the service has already left every channel; withdraw the liveness key. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    const { instanceId } = this.options;
    await this.redis.del(
      this.key('instance', instanceId, 'alive'),
      this.key('instance', instanceId, 'entries'),
    );
    await this.redis.srem(this.key('instances'), instanceId);
  }
}

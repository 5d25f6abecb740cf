import type { Redis } from 'ioredis';
import type { Bus, BusMessage } from './bus.ts';

interface Envelope {
  /** Publishing instance, so it can skip its own messages (it delivered them already). */
  o: string;
  m: BusMessage;
}

/**
 * Fan-out over Redis pub/sub: every instance publishes to one Redis channel and delivers what the
 * others published to its own sockets. Pub/sub is at-most-once; a client that was cut off refetches
 * on reconnect, which is the web client's contract anyway.
 */
export class RedisBus implements Bus {
  private handler: (message: BusMessage) => void = () => {};

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly redisChannel: string,
    private readonly instanceId: string,
  ) {}

  async start(): Promise<void> {
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.redisChannel) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(text) as Envelope;
      } catch {
        return;
      }
      if (envelope.o !== this.instanceId) this.handler(envelope.m);
    });
    await this.subscriber.subscribe(this.redisChannel);
  }

  async publish(message: BusMessage): Promise<void> {
    const envelope: Envelope = { o: this.instanceId, m: message };
    await this.publisher.publish(this.redisChannel, JSON.stringify(envelope));
  }

  onMessage(handler: (message: BusMessage) => void): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    await this.subscriber.unsubscribe(this.redisChannel).catch(() => undefined);
  }
}

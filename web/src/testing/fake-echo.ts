import type { EchoLike, EchoPresenceChannelLike, PresenceMember } from '@/lib/echo-channels';
import { setEchoForTesting } from '@/lib/echo';

type Callback = (...args: unknown[]) => void;

/** One fake channel: records listeners and lets a test play the server's side. */
export class FakeChannel implements EchoPresenceChannelLike {
  readonly listeners = new Map<string, Set<Callback>>();
  private readonly hooks = new Map<string, Callback[]>();
  left = false;

  constructor(readonly name: string) {}

  listen(event: string, callback: CallableFunction) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(callback as Callback);
    this.listeners.set(event, set);
    return this;
  }
  stopListening(event: string, callback?: CallableFunction) {
    if (callback) this.listeners.get(event)?.delete(callback as Callback);
    else this.listeners.delete(event);
    return this;
  }
  private hook(kind: string, callback: CallableFunction) {
    this.hooks.set(kind, [...(this.hooks.get(kind) ?? []), callback as Callback]);
    return this;
  }
  subscribed = (callback: CallableFunction) => this.hook('subscribed', callback);
  error = (callback: CallableFunction) => this.hook('error', callback);
  here = (callback: CallableFunction) => this.hook('here', callback);
  joining = (callback: CallableFunction) => this.hook('joining', callback);
  leaving = (callback: CallableFunction) => this.hook('leaving', callback);

  /** The server confirms the subscription (call twice to simulate a resubscription after a drop). */
  succeed(members?: (PresenceMember & Record<string, unknown>)[]) {
    for (const cb of this.hooks.get('subscribed') ?? []) cb();
    if (members) for (const cb of this.hooks.get('here') ?? []) cb(members);
  }
  join(member: PresenceMember) {
    for (const cb of this.hooks.get('joining') ?? []) cb(member);
  }
  leave(member: PresenceMember) {
    for (const cb of this.hooks.get('leaving') ?? []) cb(member);
  }
  /** Delivers a broadcast to the `.Event` listeners. */
  emit(event: string, payload: unknown) {
    for (const cb of this.listeners.get(`.${event}`) ?? []) cb(payload);
  }
  listenerCount(event: string): number {
    return this.listeners.get(`.${event}`)?.size ?? 0;
  }
}

/** A fake Echo installed as the app's instance; `channels` is keyed by Echo name. */
export function installFakeEcho() {
  const channels = new Map<string, FakeChannel>();
  const get = (name: string) => {
    const channel = channels.get(name) ?? new FakeChannel(name);
    channels.set(name, channel);
    return channel;
  };
  const echo: EchoLike = {
    channel: get,
    private: get,
    join: get,
    leave: (name) => {
      const channel = channels.get(name);
      if (channel) channel.left = true;
      channels.delete(name);
    },
  };
  setEchoForTesting(echo);
  return {
    channels,
    /** The channel once a component subscribed to it. */
    channel: (name: string) => {
      const channel = channels.get(name);
      if (!channel) throw new Error(`nobody subscribed to ${name}`);
      return channel;
    },
  };
}

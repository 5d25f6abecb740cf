// Hooks to listen to realtime channels from any component. Each hook holds its channel while mounted
// (shared, counted subscriptions: see lib/echo-channels.ts) and, when the channel is resubscribed after a
// dropped connection, invalidates the queries it names so nothing missed while offline stays missed.
import { REALTIME_EVENTS, type ChannelKind, type RealtimeEventName } from '@versus/common/realtime';
import type { RealtimeEventPayloads } from '@versus/common/realtime';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { acquireChannel, releaseChannel, type ChannelEntry, type PresenceMember } from '@/lib/echo-channels';
import { getEcho } from '@/lib/echo';

type PayloadOf<E extends string> = E extends RealtimeEventName ? RealtimeEventPayloads[E] : unknown;

export interface ChannelOptions {
  /** The channel's kind; defaults to the kind the event table gives the event, else public. */
  kind?: ChannelKind;
  /** Queries to invalidate when the channel is resubscribed after a drop. */
  refetch?: readonly QueryKey[];
}

function kindOf(event: string, kind: ChannelKind | undefined): ChannelKind {
  if (kind) return kind;
  return event in REALTIME_EVENTS ? REALTIME_EVENTS[event as RealtimeEventName].kind : 'public';
}

/**
 * Holds `channel` while mounted (null holds nothing) and runs `setup` on its entry once subscribed to the
 * Echo instance; returns whether the server has confirmed the subscription.
 */
function useChannel(
  channel: string | null,
  kind: ChannelKind,
  /** Changing it re-runs `setup` (the event name for listeners). */
  setupKey: string,
  refetch: readonly QueryKey[] | undefined,
  setup: (entry: ChannelEntry) => () => void,
): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  // Latest values without resubscribing on each render.
  const setupRef = useRef(setup);
  const refetchRef = useRef(refetch);
  useEffect(() => {
    setupRef.current = setup;
    refetchRef.current = refetch;
  });

  useEffect(() => {
    if (channel === null) return;
    let cancelled = false;
    let cleanup: (() => void) | undefined;
    let echoRef: Awaited<ReturnType<typeof getEcho>> | undefined;
    getEcho().then(
      (echo) => {
        if (cancelled) return;
        echoRef = echo;
        const entry = acquireChannel(echo, kind, channel);
        const resync = () => {
          for (const queryKey of refetchRef.current ?? []) void queryClient.invalidateQueries({ queryKey });
        };
        const onLive = () => setLive(entry.live);
        entry.onResync.add(resync);
        entry.onLive.add(onLive);
        onLive();
        const undo = setupRef.current(entry);
        cleanup = () => {
          undo();
          entry.onResync.delete(resync);
          entry.onLive.delete(onLive);
          releaseChannel(echo, kind, channel);
        };
      },
      (error: unknown) => console.warn('Realtime is unavailable:', error),
    );
    return () => {
      cancelled = true;
      cleanup?.();
      if (echoRef) setLive(false);
    };
  }, [channel, kind, setupKey, queryClient]);

  return live;
}

/**
 * Calls `handler` with each `event` broadcast on `channel` (the Echo name, e.g. `match-map-veto.7`; null
 * listens to nothing). Returns true once subscribed, so callers can tell when nothing can be missed.
 */
export function useChannelEvent<E extends string>(
  channel: string | null,
  event: E,
  handler: (payload: PayloadOf<E>) => void,
  options: ChannelOptions = {},
): boolean {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  return useChannel(channel, kindOf(event, options.kind), event, options.refetch, (entry) => {
    // A leading dot: the server publishes bare names, and Echo would prefix App.Events otherwise.
    const name = `.${event}`;
    const listener = (payload: PayloadOf<E>) => handlerRef.current(payload);
    entry.channel.listen(name, listener);
    return () => void entry.channel.stopListening(name, listener);
  });
}

/** Members after dropping repeats of a username (one person in two tabs or two accounts' stale rows). */
export function uniqueByUsername<M extends PresenceMember>(members: readonly M[]): M[] {
  const seen = new Set<string>();
  return members.filter((m) => (seen.has(m.username) ? false : (seen.add(m.username), true)));
}

/**
 * Joins the presence channel `channel` (Echo name, e.g. `match-chat.7`) and returns who is in it, kept up
 * to date by here/joining/leaving, with duplicates by username dropped.
 */
export function usePresence<M extends PresenceMember>(
  channel: string | null,
  options: Omit<ChannelOptions, 'kind'> = {},
): M[] {
  const [members, setMembers] = useState<M[]>([]);
  useChannel(channel, 'presence', 'members', options.refetch, (entry) => {
    const update = () => setMembers(uniqueByUsername(entry.members as M[]));
    entry.onMembers.add(update);
    update();
    return () => {
      entry.onMembers.delete(update);
      setMembers([]);
    };
  });
  return members;
}

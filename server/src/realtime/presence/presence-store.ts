/** A presence member: the user id and the `user_info` from the signed `channel_data` (JSON). */
export interface PresenceMember {
  userId: string;
  infoJson: string;
}

export type JoinResult = 'added' | 'existing' | 'full';

/** Members of a channel by user id, `user_info` as JSON. */
export type PresenceMembers = Map<string, string>;

/**
 * Presence membership counted by user: a user is a member while at least one of their sockets is in
 * the channel, so a second tab adds no member and only the last socket's leave removes it.
 */
export interface PresenceStore {
  /** Adds a socket; `added` when the user was not a member before, `full` when the channel is at its cap. */
  join(channel: string, member: PresenceMember, socketId: string, maxMembers: number): Promise<JoinResult>;
  /** Removes a socket; true when that was the user's last socket, so the member left. */
  leave(channel: string, userId: string, socketId: string): Promise<boolean>;
  members(channel: string): Promise<PresenceMembers>;
  close(): Promise<void>;
}

/** The presence message of `pusher_internal:subscription_succeeded`. */
export function presenceData(members: PresenceMembers): {
  presence: { ids: string[]; hash: Record<string, unknown>; count: number };
} {
  const hash: Record<string, unknown> = {};
  for (const [id, info] of members) hash[id] = JSON.parse(info) as unknown;
  const ids = [...members.keys()];
  return { presence: { ids, hash, count: ids.length } };
}

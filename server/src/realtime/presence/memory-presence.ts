import type { JoinResult, PresenceMember, PresenceMembers, PresenceStore } from './presence-store.ts';

interface Entry {
  infoJson: string;
  sockets: Set<string>;
}

/** Presence for a single instance: plain maps, nothing survives a restart (neither do the sockets). */
export class MemoryPresenceStore implements PresenceStore {
  private readonly channels = new Map<string, Map<string, Entry>>();

  async join(
    channel: string,
    member: PresenceMember,
    socketId: string,
    maxMembers: number,
  ): Promise<JoinResult> {
    let users = this.channels.get(channel);
    const existing = users?.get(member.userId);
    if (existing) {
      existing.sockets.add(socketId);
      existing.infoJson = member.infoJson;
      return 'existing';
    }
    if (users && users.size >= maxMembers) return 'full';
    if (!users) {
      users = new Map();
      this.channels.set(channel, users);
    }
    users.set(member.userId, { infoJson: member.infoJson, sockets: new Set([socketId]) });
    return 'added';
  }

  async leave(channel: string, userId: string, socketId: string): Promise<boolean> {
    const users = this.channels.get(channel);
    const entry = users?.get(userId);
    if (!users || !entry || !entry.sockets.delete(socketId) || entry.sockets.size > 0) return false;
    users.delete(userId);
    if (users.size === 0) this.channels.delete(channel);
    return true;
  }

  async members(channel: string): Promise<PresenceMembers> {
    const result: PresenceMembers = new Map();
    for (const [id, entry] of this.channels.get(channel) ?? []) result.set(id, entry.infoJson);
    return result;
  }

  async close(): Promise<void> {
    this.channels.clear();
  }
}

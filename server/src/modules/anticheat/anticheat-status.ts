// Whether each player's anticheat client is running, and the badge HTML the match page shows for it.
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { latestHeartbeats, matchMembers } from './anticheat.repository.ts';

/** A player counts as running when a heartbeat arrived within this window (the client beats every 30 s). */
export const HEARTBEAT_WINDOW_MS = 60_000;

export interface AnticheatStatus {
  running: boolean;
  /** When the last heartbeat in the window arrived, else null. */
  lastSeenAt: Date | null;
  /** The in-game name the client reported, else the roster's. */
  inGameName: string | null;
  /** Server-built badge: every interpolated value escaped. */
  html: string;
}

/**
 * The badge: a green or red dot with a text, classes for styling (`ac-status ac-running|ac-stopped`). The
 * in-game name only ever appears escaped.
 */
export function anticheatBadge(running: boolean, inGameName: string | null): string {
  const name = inGameName ? ` <small class="ac-name">(${escapeHtml(inGameName)})</small>` : '';
  return running
    ? `<span class="ac-status ac-running" title="Anticheat running"><span class="ac-dot" style="color: #16a34a">&#9679;</span> Running${name}</span>`
    : `<span class="ac-status ac-stopped" title="No anticheat heartbeat in the last 60 seconds"><span class="ac-dot" style="color: #dc2626">&#9679;</span> Not running${name}</span>`;
}

/** Status of every player of the match (sides 1 and 2) at `now` (epoch ms), keyed by user id. */
export async function anticheatStatuses(
  db: Db,
  matchId: number,
  now: number,
): Promise<Map<number, AnticheatStatus>> {
  const members = await matchMembers(db, matchId);
  const beats = await latestHeartbeats(db, matchId, new Date(now - HEARTBEAT_WINDOW_MS));
  const statuses = new Map<number, AnticheatStatus>();
  for (const member of members) {
    const beat = beats.get(member.userId);
    const inGameName = beat?.inGameName ?? member.inGameName;
    const running = beat !== undefined;
    statuses.set(member.userId, {
      running,
      lastSeenAt: beat?.createdAt ?? null,
      inGameName,
      html: anticheatBadge(running, inGameName),
    });
  }
  return statuses;
}

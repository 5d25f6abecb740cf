// Admin notifications about game servers (HTML from escaped values, like every notification).
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/app-context.ts';
import { users } from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/html.ts';
import { notifyUsers } from '../notifications/index.ts';

export const SERVER_TEXTS = {
  noServer: 'No server is available',
  noServerAdmin: (matchId: number) =>
    `No game server is available for match <b>#${matchId}</b>: it waits until a server frees up.`,
  offline: (name: string, matchId: number) =>
    `Game server <b>${escapeHtml(name)}</b> of match <b>#${matchId}</b> does not answer.`,
  rconFailed: (name: string, matchId: number, reason: string) =>
    `Game server <b>${escapeHtml(name)}</b> could not be configured for match <b>#${matchId}</b>: ${escapeHtml(reason)}`,
} as const;

/** Notifies every admin, with a link to the match. */
export async function notifyAdmins(ctx: AppContext, type: string, message: string, matchId: number | null) {
  const admins = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  await notifyUsers(
    ctx,
    admins.map((a) => ({
      userId: a.id,
      type,
      message,
      data: matchId === null ? {} : { matchId, redirectUrl: `/match/${matchId}` },
    })),
  );
}

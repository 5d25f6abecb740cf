// The match room chat. Anyone signed in reads; the match's players and admins type (`canType`, the
// same policy the match detail's flag comes from). Messages are plain text, 1 to 500 characters after
// trimming, rate limited per user, and broadcast after they are stored.
import { canType } from '@versus/common/match/policies';
import { CHAT_BODY_TEXTS } from '@versus/common/api/chat';
import type { ChatMessage, ChatMessages } from '@versus/common/api/chat';
import type { AppContext } from '../../../core/app-context.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { ForbiddenError } from '../../../errors.ts';
import type { PublishOptions } from '../../../realtime/index.ts';
import { readMatch, readMatchForView, viewerOf } from '../core/match.service.ts';
import { presentChatMessage } from './chat.presenter.ts';
import { insertMessage, lastMessages } from './chat.repository.ts';

export const CHAT_HISTORY_LIMIT = 100;

export const CHAT_TEXTS = {
  ...CHAT_BODY_TEXTS,
  forbidden: 'Only the players of this match and admins can write in this chat.',
  tooMany: 'You are sending messages too fast; wait a moment.',
} as const;

export async function listMessages(ctx: AppContext, user: UserRow, matchId: number): Promise<ChatMessages> {
  const record = await readMatchForView(ctx, matchId);
  const rows = await lastMessages(ctx.db, matchId, CHAT_HISTORY_LIMIT);
  return {
    data: rows.map((r) => presentChatMessage(r.message, r.user)),
    meta: { canType: canType(record.state, viewerOf(user)) },
  };
}

export async function sendMessage(
  ctx: AppContext,
  /** Counts the message against the sender's chat limit (429 when over it). */
  takeAllowance: (userId: number) => Promise<void>,
  user: UserRow,
  input: { message: string; matchId: number },
  publishOptions: PublishOptions,
): Promise<ChatMessage> {
  const { message, matchId } = input;
  const record = await readMatch(ctx, matchId);
  if (!canType(record.state, viewerOf(user))) throw new ForbiddenError(CHAT_TEXTS.forbidden);
  await takeAllowance(user.id);
  const row = await insertMessage(ctx.db, { matchId, userId: user.id, message, now: ctx.now() });
  const payload = presentChatMessage(row, user);
  await ctx.publish('OnMessageSend', matchId, { message: payload }, publishOptions);
  return payload;
}

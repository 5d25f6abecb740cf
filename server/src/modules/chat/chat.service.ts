// The match room chat. Anyone signed in reads; the match's players and admins type (`canType`, the
// same policy the match detail's flag comes from). Messages are plain text, 1 to 500 characters after
// trimming, rate limited per user, and broadcast after they are stored.
import { canType } from '@versus/common/match/policies';
import { eventWireChannel } from '@versus/common/realtime';
import type { ChatMessagePayload, RealtimeEventPayloads } from '@versus/common/realtime';
import type { UserRow } from '../../db/schema/index.ts';
import { ForbiddenError, TooManyRequestsError, ValidationError } from '../../errors.ts';
import type { PublishOptions } from '../../realtime/index.ts';
import type { MatchEngine } from '../matches/match-engine.ts';
import { findMatch, viewerOf } from '../matches/match.service.ts';
import type { ChatRateLimiter } from './chat-rate-limiter.ts';
import { presentChatMessage } from './chat.presenter.ts';
import { insertMessage, lastMessages } from './chat.repository.ts';

export const CHAT_HISTORY_LIMIT = 100;
export const CHAT_MAX_LENGTH = 500;

export const CHAT_TEXTS = {
  required: 'The message field is required.',
  notString: 'The message field must be a string.',
  tooLong: `The message field must not be greater than ${String(CHAT_MAX_LENGTH)} characters.`,
  idRequired: 'The id field is required.',
  idInvalid: 'The id field must be a match id.',
  forbidden: 'Only the players of this match and admins can write in this chat.',
  tooMany: 'You are sending messages too fast; wait a moment.',
} as const;

export async function listMessages(
  engine: MatchEngine,
  user: UserRow,
  matchId: number,
): Promise<{ data: ChatMessagePayload[]; meta: { canType: boolean } }> {
  const record = await findMatch(engine, matchId);
  const rows = await lastMessages(engine.db, matchId, CHAT_HISTORY_LIMIT);
  return {
    data: rows.map((r) => presentChatMessage(r.message, r.user)),
    meta: { canType: canType(record.state, viewerOf(user)) },
  };
}

/** Control characters other than tab and newline are dropped (PostgreSQL text cannot hold NUL). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Validates `{message, id}` with the API's 422 shape; returns the clean text and the match id. */
export function parseChatInput(body: unknown): { message: string; matchId: number } {
  const input = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const rawId = input.id;
  const matchId = typeof rawId === 'string' && /^\d{1,9}$/.test(rawId) ? Number(rawId) : rawId;
  if (matchId === undefined || matchId === null || matchId === '') errors.id = [CHAT_TEXTS.idRequired];
  else if (typeof matchId !== 'number' || !Number.isSafeInteger(matchId) || matchId <= 0)
    errors.id = [CHAT_TEXTS.idInvalid];
  const raw = input.message;
  let message = '';
  if (raw === undefined || raw === null) errors.message = [CHAT_TEXTS.required];
  else if (typeof raw !== 'string') errors.message = [CHAT_TEXTS.notString];
  else {
    message = raw.replace(CONTROL, '').trim();
    // Counted in characters (code points), as the database's check counts them.
    const length = [...message].length;
    if (length === 0) errors.message = [CHAT_TEXTS.required];
    else if (length > CHAT_MAX_LENGTH) errors.message = [CHAT_TEXTS.tooLong];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { message, matchId: matchId as number };
}

export async function sendMessage(
  engine: MatchEngine,
  limiter: ChatRateLimiter,
  user: UserRow,
  body: unknown,
  publishOptions: PublishOptions,
): Promise<ChatMessagePayload> {
  const { message, matchId } = parseChatInput(body);
  const record = await findMatch(engine, matchId);
  if (!canType(record.state, viewerOf(user))) throw new ForbiddenError(CHAT_TEXTS.forbidden);
  const now = engine.now();
  const wait = limiter.take(user.id, now);
  if (wait > 0) throw new TooManyRequestsError(CHAT_TEXTS.tooMany, wait);
  const row = await insertMessage(engine.db, { matchId, userId: user.id, message, now });
  const payload = presentChatMessage(row, user);
  const event: RealtimeEventPayloads['OnMessageSend'] = { message: payload };
  try {
    await engine.broadcaster.publish(
      eventWireChannel('OnMessageSend', matchId),
      'OnMessageSend',
      event,
      publishOptions,
    );
  } catch (err) {
    engine.log.error({ err, matchId }, 'chat: broadcast failed');
  }
  return payload;
}

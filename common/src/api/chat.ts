// The match room chat: the newest messages, sending one, the presence members and `OnMessageSend`.
import { z } from 'zod';
import { MAX_ID, idParam, trimText } from './primitives.ts';

export const chatMatchParams = z.object({ matchId: idParam('Match') });

/** The most characters (code points) a chat message may have after trimming. */
export const CHAT_MAX_LENGTH = 500;

export const CHAT_BODY_TEXTS = {
  required: 'The message field is required.',
  notString: 'The message field must be a string.',
  tooLong: `The message field must not be greater than ${String(CHAT_MAX_LENGTH)} characters.`,
  idRequired: 'The id field is required.',
  idInvalid: 'The id field must be a match id.',
} as const;

/** Control characters other than tab and newline are dropped (PostgreSQL text cannot hold NUL). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * `POST /api/v1/chat {message, id}`: `id` is the match id (a number, or digits in a string); the message is
 * plain text, control characters dropped and trimmed, 1 to 500 characters.
 */
export const chatMessageBody = z.object({
  // Declared first: its error comes first in the 422's summary.
  id: z.preprocess(
    (raw) => (typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ''
            ? CHAT_BODY_TEXTS.idRequired
            : CHAT_BODY_TEXTS.idInvalid,
      })
      .int({ error: CHAT_BODY_TEXTS.idInvalid })
      .positive({ error: CHAT_BODY_TEXTS.idInvalid })
      .max(MAX_ID, { error: CHAT_BODY_TEXTS.idInvalid })
      .meta({ description: 'The match id.' }),
  ),
  message: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? CHAT_BODY_TEXTS.required
          : CHAT_BODY_TEXTS.notString,
    })
    .transform((raw, ctx) => {
      const message = trimText(raw.replace(CONTROL, ''));
      // Counted in characters (code points), as the database's check counts them.
      const length = [...message].length;
      if (length === 0) ctx.addIssue({ code: 'custom', message: CHAT_BODY_TEXTS.required });
      else if (length > CHAT_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: CHAT_BODY_TEXTS.tooLong });
      return message;
    })
    .meta({ description: 'Plain text, 1 to 500 characters after trimming.' }),
});

/** A chat message as the list, the send answer and `OnMessageSend` carry it. */
export const chatMessageSchema = z
  .object({
    id: z.number(),
    /** Plain text (never HTML): render it as text. */
    message: z.string(),
    user: z.object({
      id: z.number(),
      image: z.string().nullable(),
      username: z.string(),
      /** Sanitized HTML. */
      formattedUsername: z.string(),
    }),
    createdAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** `GET /api/v1/chat/{matchId}`: the newest 100, oldest first; `canType` as the match detail has it. */
export const chatMessagesAnswer = z.object({
  data: z.array(chatMessageSchema),
  meta: z.object({ canType: z.boolean() }),
});
export type ChatMessages = z.infer<typeof chatMessagesAnswer>;

/** 201 `{data: message}` */
export const chatSendAnswer = z.object({ data: chatMessageSchema });

/** `OnMessageSend` on presence-match-chat.{id}. */
export const chatMessageEvent = z.object({ message: chatMessageSchema });

/** What a presence member's `user_info` holds (the "Online users" list). Under 1 KB when serialised. */
export const presenceUserInfoSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  username: z.string(),
  image: z.string().nullable(),
  /** Sanitized HTML. */
  formattedUsername: z.string(),
});
export type PresenceUserInfo = z.infer<typeof presenceUserInfoSchema>;

import type { ChatMessage } from '@versus/common/api/chat';
import type { ChatMessageRow, UserRow } from '../../../db/schema/index.ts';
import { formatUsername } from '../../users/index.ts';

/** A chat message as the list, the send answer and `OnMessageSend` carry it. `message` is plain text. */
export function presentChatMessage(row: ChatMessageRow, user: UserRow): ChatMessage {
  return {
    id: row.id,
    message: row.message,
    user: {
      id: user.id,
      image: user.image,
      username: user.username,
      formattedUsername: formatUsername(user),
    },
    createdAt: row.createdAt.toISOString(),
  };
}

import { Link } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
import type { ChatMessage } from '@versus/common/api/chat';
import { Avatar } from '@/components/ui/avatar';
import { LocalTime } from '@/components/ui/local-time';

/** One chat line: avatar, formatted username linking to the profile, time, and the text as plain text. */
export function ChatMessageItem({ message }: { message: ChatMessage }) {
  return (
    <li className="chat-message">
      <Avatar src={message.user.image} size={28} />
      <div className="chat-message-body">
        <p className="chat-message-meta">
          <Link to={`/user/${encodeURIComponent(message.user.username)}`}>
            <SafeHtml html={message.user.formattedUsername} />
          </Link>{' '}
          <LocalTime className="chat-message-time" iso={message.createdAt} style="time" />
        </p>
        <p className="chat-message-text">{message.message}</p>
      </div>
    </li>
  );
}

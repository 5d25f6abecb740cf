import { Link } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
import type { ChatMessage } from '@versus/common/api/chat';
import { Avatar } from '@/components/ui/avatar';

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

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
          <time className="chat-message-time" dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </time>
        </p>
        <p className="chat-message-text">{message.message}</p>
      </div>
    </li>
  );
}

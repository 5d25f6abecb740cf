import { Link } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
import type { PresenceUserInfo as OnlineUser } from '@versus/common/api/chat';
import { Avatar } from '@/components/ui/avatar';

/** The side list of who is in the match chat; the count only shows when someone is. */
export function OnlineUsers({ users }: { users: OnlineUser[] }) {
  return (
    <aside className="chat-online" aria-labelledby="chat-online-heading">
      <h3 id="chat-online-heading" className="chat-online-title">
        Online users{users.length > 0 && ` (${users.length})`}
      </h3>
      <ul className="chat-online-list">
        {users.map((user) => (
          <li key={user.username}>
            <Link to={`/user/${encodeURIComponent(user.username)}`} className="chat-online-user">
              <Avatar src={user.image} size={24} />
              <SafeHtml html={user.formattedUsername} />
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}

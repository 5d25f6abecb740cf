import { Link } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
import { formatDate } from '@/lib/format-date';
import type { Notification } from '@versus/common/api/notifications';

interface NotificationItemProps {
  notification: Notification;
  unseen: boolean;
  onDelete: () => void;
  deleting: boolean;
}

/** Only same-site paths and http(s) links are followed; anything else (javascript:) gets no button. */
function safeRedirect(url: string | null): { internal: boolean; url: string } | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return { internal: true, url };
  return /^https?:\/\//i.test(url) ? { internal: false, url } : null;
}

/** One notification: date, time, the message (server HTML, sanitized again), view and delete buttons. */
export function NotificationItem({ notification, unseen, onDelete, deleting }: NotificationItemProps) {
  const redirect = safeRedirect(notification.data.redirectUrl);
  // The date from the server's `createdAt`, the time from its `createdAtTime`: both instants, shown in the
  // viewer's locale and time zone.
  const date = formatDate(notification.createdAt, 'date');
  const time = formatDate(notification.createdAtTime, 'time');
  const when = `${date} ${time}`;
  return (
    <li className={unseen ? 'notification notification-unseen' : 'notification'}>
      <div className="notification-meta">
        <time className="notification-date" dateTime={notification.createdAt}>
          {date}
        </time>{' '}
        <time className="notification-time" dateTime={notification.createdAtTime}>
          {time}
        </time>
        {unseen && <span className="status-badge status-badge-new">New</span>}
      </div>
      <SafeHtml className="notification-message" html={notification.message} />
      <div className="notification-actions">
        {redirect &&
          (redirect.internal ? (
            <Link className="button button-ghost button-small" to={redirect.url}>
              View<span className="visually-hidden"> notification of {when}</span>
            </Link>
          ) : (
            <a className="button button-ghost button-small" href={redirect.url} rel="noopener noreferrer">
              View<span className="visually-hidden"> notification of {when}</span>
            </a>
          ))}
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={onDelete}
          disabled={deleting}
        >
          Delete<span className="visually-hidden"> notification of {when}</span>
        </button>
      </div>
    </li>
  );
}

import { Link } from 'react-router';
import { SafeHtml } from '@/components/ui/safe-html';
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

const pad = (n: number) => String(n).padStart(2, '0');

/** The server sends instants; the date and time are shown in the viewer's local time. */
export function localDateAndTime(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { date: iso, time: '' };
  return {
    date: `${String(at.getFullYear())}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** One notification: date, time, the message (server HTML, sanitized again), view and delete buttons. */
export function NotificationItem({ notification, unseen, onDelete, deleting }: NotificationItemProps) {
  const redirect = safeRedirect(notification.data.redirectUrl);
  const { date } = localDateAndTime(notification.createdAt);
  const { time } = localDateAndTime(notification.createdAtTime);
  const when = `${date} ${time}`;
  return (
    <li className={unseen ? 'notification notification-unseen' : 'notification'}>
      <div className="notification-meta">
        <time className="notification-date" dateTime={notification.createdAt}>
          {date}
        </time>{' '}
        <span className="notification-time">{time}</span>
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

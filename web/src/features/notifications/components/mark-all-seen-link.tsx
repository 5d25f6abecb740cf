import { useMarkAllNotificationsSeen } from '../api/mark-all-notifications-seen';

/** The panel header's "Mark all as seen" link (an action, so a button that looks like a link). */
export function MarkAllSeenLink() {
  const markAll = useMarkAllNotificationsSeen();
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => markAll.mutate()}
      disabled={markAll.isPending}
    >
      Mark all as seen
    </button>
  );
}

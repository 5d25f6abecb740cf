import { useMutationState } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Pager } from '@/components/ui/pager';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsSeen } from '../api/mark-notifications-seen';
import { notificationKeys } from '../api/notification-keys';
import { NotificationItem } from './notification-item';

/**
 * The Notifications panel body (docs/web-layout.md). While it is open, every unseen notification it shows is
 * marked seen on the server (so the header badge drops); those keep a "New" label until the panel closes or
 * "Mark all as seen" succeeds.
 */
export function NotificationsPanel() {
  const [page, setPage] = useState(1);
  const query = useNotifications(page);
  const markSeen = useMarkNotificationsSeen();
  const remove = useDeleteNotification();
  // When each "New" notification was first shown; a later "Mark all as seen" clears the ones before it.
  const [fresh, setFresh] = useState<ReadonlyMap<number, number>>(new Map());
  const allSeenAt = useMutationState({
    filters: { mutationKey: notificationKeys.markAll, status: 'success' },
    select: (mutation) => mutation.state.submittedAt,
  }).reduce((latest, at) => Math.max(latest, at), 0);
  const isNew = (id: number) => (fresh.get(id) ?? 0) > allSeenAt;
  const sent = useRef(new Set<number>());
  const { mutate: markSeenMutate } = markSeen;

  const shown = query.data?.data;
  const unseen = query.data?.unseenNotifications;
  useEffect(() => {
    if (!shown || !unseen) return;
    const unseenSet = new Set(unseen);
    const ids = shown.map((n) => n.id).filter((id) => unseenSet.has(id) && !sent.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) sent.current.add(id);
    const now = Date.now();
    setFresh((prev) => new Map([...prev, ...ids.map((id) => [id, now] as const)]));
    markSeenMutate(ids);
  }, [shown, unseen, markSeenMutate]);

  return (
    <>
      {query.isPending ? (
        <p className="panel-empty">Loading ...</p>
      ) : query.isError ? (
        <p className="panel-empty">Your notifications could not be loaded.</p>
      ) : query.data.data.length === 0 ? (
        <p className="panel-empty">You don't have any notifications!</p>
      ) : (
        <>
          <ul className="panel-list" aria-label="Notification list">
            {query.data.data.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                unseen={isNew(notification.id)}
                deleting={remove.isPending && remove.variables === notification.id}
                onDelete={() => remove.mutate(notification.id)}
              />
            ))}
          </ul>
          <Pager
            page={page}
            lastPage={query.data.meta.last_page}
            onPage={setPage}
            label="Notifications pages"
          />
        </>
      )}
    </>
  );
}

import { useMe } from '@/lib/auth/get-me';
import { QueuePage } from '@/features/solo-queue/components/queue-page';

/** `/queue`: the solo-queues. */
export function QueueRoute() {
  const { data: user, isPending } = useMe();
  if (isPending) return null;
  return <QueuePage userId={user?.id ?? null} />;
}

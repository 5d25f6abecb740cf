import { LaddersAdmin, SoloQueuesAdmin } from './competitions-admin';
import { TournamentsAdmin } from './tournaments-admin';

/** `/admin/competitions`: tournaments, ladders (with their seasons) and solo-queues. */
export function CompetitionsPage() {
  return (
    <>
      <h1>Competitions</h1>
      <TournamentsAdmin />
      <LaddersAdmin />
      <SoloQueuesAdmin />
    </>
  );
}

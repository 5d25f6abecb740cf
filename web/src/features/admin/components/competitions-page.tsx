import { LaddersAdmin, SoloQueuesAdmin } from './competitions-admin';
import { PageSections } from './page-sections';
import { TournamentsAdmin } from './tournaments-admin';

/** `/admin/competitions`: tournaments, ladders (with their seasons) and solo-queues. */
export function CompetitionsPage() {
  return (
    <>
      <h1>Competitions</h1>
      <PageSections
        sections={[
          ['admin-tournaments', 'Tournaments'],
          ['admin-ladders', 'Ladders'],
          ['admin-solo-queues', 'Solo-queues'],
        ]}
      />
      <TournamentsAdmin />
      <LaddersAdmin />
      <SoloQueuesAdmin />
    </>
  );
}

import { AdminOverviewSections } from './admin-overview';
import { GamesAdmin, LaddersAdmin, MapPoolsAdmin, SoloQueuesAdmin } from './competitions-admin';
import { GameServersAdmin } from './game-servers-admin';
import { LocationsAdmin } from './locations-admin';
import { MapsAdmin } from './maps-admin';
import { TournamentsAdmin } from './tournaments-admin';

/**
 * `/admin`: disputes, scores awaiting approval, matches to cancel, competitions (tournaments, ladders,
 * solo-queues), game servers, and the catalogue (maps, map pools, locations, games).
 */
export function AdminPage() {
  return (
    <div className="admin">
      <h1>Admin</h1>
      <AdminOverviewSections />
      <TournamentsAdmin />
      <div className="profile-grid">
        <LaddersAdmin />
        <SoloQueuesAdmin />
      </div>
      <GameServersAdmin />
      <div className="profile-grid">
        <MapsAdmin />
        <MapPoolsAdmin />
        <LocationsAdmin />
        <GamesAdmin />
      </div>
    </div>
  );
}

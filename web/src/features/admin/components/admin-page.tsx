import { AdminOverviewSections } from './admin-overview';
import { LocationsAdmin } from './locations-admin';
import { MapsAdmin } from './maps-admin';

/** `/admin`: disputes, scores awaiting approval, matches to cancel, maps and locations. */
export function AdminPage() {
  return (
    <div className="admin">
      <h1>Admin</h1>
      <AdminOverviewSections />
      <div className="profile-grid">
        <MapsAdmin />
        <LocationsAdmin />
      </div>
    </div>
  );
}

import { GamesAdmin, MapPoolsAdmin } from './competitions-admin';
import { LocationsAdmin } from './locations-admin';
import { MapsAdmin } from './maps-admin';
import { PageSections } from './page-sections';

/** `/admin/catalogue`: what competitions are made of: games, maps, map pools and server locations. */
export function CataloguePage() {
  return (
    <>
      <h1>Catalogue</h1>
      <PageSections
        sections={[
          ['admin-games', 'Games'],
          ['admin-maps', 'Maps'],
          ['admin-map-pools', 'Map pools'],
          ['admin-locations', 'Locations'],
        ]}
      />
      <GamesAdmin />
      <MapsAdmin />
      <MapPoolsAdmin />
      <LocationsAdmin />
    </>
  );
}

import { GamesAdmin, MapPoolsAdmin } from './competitions-admin';
import { LocationsAdmin } from './locations-admin';
import { MapsAdmin } from './maps-admin';

/** `/admin/catalogue`: what competitions are made of: games, maps, map pools and server locations. */
export function CataloguePage() {
  return (
    <>
      <h1>Catalogue</h1>
      <GamesAdmin />
      <MapsAdmin />
      <MapPoolsAdmin />
      <LocationsAdmin />
    </>
  );
}

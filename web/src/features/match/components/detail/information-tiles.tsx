import type { MatchDetail } from '@versus/common/api/matches';
import { formatDate } from '@/lib/format-date';

/** The four information tiles: start, Versus, Map selection, status. */
export function InformationTiles({ information }: { information: MatchDetail['information'] }) {
  const tiles = [
    { title: information.startTitle, value: formatDate(information.startDate, 'dateTime') },
    { title: 'Versus', value: information.playerBaseCount },
    { title: 'Map selection', value: information.mapSelection },
    { title: 'Status', value: information.statusName },
  ];
  return (
    <dl className="info-tiles">
      {tiles.map((tile) => (
        <div className="info-tile match-card" key={tile.title}>
          <dt className="info-tile-title">{tile.title}</dt>
          <dd className="info-tile-value">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

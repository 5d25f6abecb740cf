import type { TeamStats } from '@versus/common/api/team-stats';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { useTeamStatsOfPage } from '../api/get-team-stats';

const COLUMNS: readonly StackedColumn<TeamStats['maps'][number]>[] = [
  { label: 'Map', value: (m) => m.name },
  { label: 'Played', value: (m) => m.played },
  { label: 'Won', value: (m) => m.won },
  { label: 'Lost', value: (m) => m.lost },
  { label: 'Win rate', value: (m) => (m.winRate === null ? '-' : `${String(m.winRate)}%`) },
];

/** The team's map win rates (finished matches), shown beside the map preferences the veto follows. */
export function MapWinRates({ slug }: { slug: string }) {
  const maps = useTeamStatsOfPage(slug).data?.maps;
  if (!maps) return null;
  return (
    <section className="card" aria-labelledby="team-map-win-rates">
      <h2 id="team-map-win-rates" className="section-title">
        Map win rates
      </h2>
      {maps.length === 0 ? (
        <p className="muted">No finished maps yet.</p>
      ) : (
        <StackedTable caption="Map win rates" columns={COLUMNS} rows={maps} rowKey={(m) => String(m.mapId)} />
      )}
    </section>
  );
}

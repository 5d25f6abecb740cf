import { notify } from '@/lib/notify';
import { useSelectMap } from '../../api/select-map';
import { useNowSeconds } from '../../hooks/use-now';
import type { VetoMapEntry, VetoMatch } from '@versus/common/api/matches';
import { mapBadge, mapCardState } from '../../utils/map-badge';
import { STATUS } from '@versus/common/match/statuses';
import { isAutoVetoRunning, vetoClickRefusal, vetoStatusText } from '../../utils/veto-status';
import { MapCard } from './map-card';

interface MapVetoPanelProps {
  match: VetoMatch;
  /** The signed-in user's id, null for a visitor. */
  userId: number | null;
  newMatchHandling: number;
}

/**
 * Header "Maps" with the live status line and the grid of map cards; clicks pick or ban in status 2. The captain on turn sees the panel lit up.
 */
export function MapVetoPanel({ match, userId, newMatchHandling }: MapVetoPanelProps) {
  const inVeto = match.statusId === STATUS.mapVeto;
  const now = useNowSeconds(inVeto);
  const status = vetoStatusText(match, now);
  const select = useSelectMap(match.id);
  const yourTurn = inVeto && userId !== null && match.vetoDetail?.userId === userId;

  const handleSelect = (map: VetoMapEntry) => {
    if (!inVeto || isAutoVetoRunning(status) || select.isPending) return;
    const refusal = vetoClickRefusal(match, map, userId, now);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    select.mutate(map);
  };

  return (
    <section
      className={yourTurn ? 'match-card veto-panel veto-panel-your-turn' : 'match-card veto-panel'}
      aria-labelledby="veto-heading"
    >
      <div className="veto-header">
        <h2 id="veto-heading">Maps</h2>
        <p className="veto-status">{status}</p>
      </div>
      <ul className="map-grid">
        {match.maps.map((map) => (
          <MapCard
            key={map.id}
            map={map}
            state={mapCardState(match, map)}
            badge={mapBadge(match, map, newMatchHandling)}
            onSelect={handleSelect}
          />
        ))}
      </ul>
    </section>
  );
}

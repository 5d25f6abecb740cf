import { useId } from 'react';
import type { VetoMapEntry } from '@versus/common/api/matches';

/** How a card reads: still open, banned (struck through), picked (play order), decider, or greyed (status 10). */
export type MapCardState = 'open' | 'banned' | 'picked' | 'decider' | 'greyed';

interface MapCardProps {
  map: VetoMapEntry;
  state: MapCardState;
  badge: string | null;
  onSelect: (map: VetoMapEntry) => void;
}

/** The corner chip of a map that will be played: "Map 2", or "Decider". */
function orderChip(map: VetoMapEntry, state: MapCardState): string | null {
  if (state === 'decider') return 'Decider';
  if (state === 'picked') return `Map ${map.mapOrder ?? '?'}`;
  return null;
}

/**
 * One map of the veto grid: image with the command name top-left, and under it the display name and the
 * badge, so no text covers another (the art may carry its own lettering). Bans are struck
 * through and dimmed, picks and the decider highlighted with their play order; the badge says who did it,
 * so colour is never the only signal. Unavailable maps stay clickable (the click explains why it cannot be
 * chosen) but say so with aria-disabled.
 */
export function MapCard({ map, state, badge, onSelect }: MapCardProps) {
  const badgeId = useId();
  const chip = orderChip(map, state);
  return (
    <li className="map-cell">
      <button
        type="button"
        className={`map-card map-card-${state}${state === 'open' ? '' : ' map-card-greyed'}`}
        aria-label={`${map.map.name} (${map.map.name_cmd})`}
        aria-describedby={badge ? badgeId : undefined}
        aria-disabled={state !== 'open' || undefined}
        data-map={map.map.name_cmd}
        onClick={() => onSelect(map)}
      >
        <span className="map-art">
          {map.map.image ? (
            <img className="map-image" src={map.map.image} alt="" loading="lazy" />
          ) : (
            <span className="map-image map-image-empty" aria-hidden="true" />
          )}
          <span className="map-top">
            <span className="map-cmd">{map.map.name_cmd}</span>
            {chip && <span className="map-order">{chip}</span>}
          </span>
        </span>
        <span className="map-caption">
          <span className="map-name">{map.map.name}</span>
          {badge && (
            <span className="map-badge" id={badgeId}>
              {badge}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

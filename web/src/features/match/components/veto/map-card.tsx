import { useId } from 'react';
import type { VetoMapEntry } from '../../types';

interface MapCardProps {
  map: VetoMapEntry;
  badge: string | null;
  greyed: boolean;
  onSelect: (map: VetoMapEntry) => void;
}

/**
 * One map of the veto grid: image, command name top-left, badge at the bottom. Greyed maps stay
 * clickable (the click explains why it cannot be chosen) but say so with aria-disabled and their badge.
 */
export function MapCard({ map, badge, greyed, onSelect }: MapCardProps) {
  const badgeId = useId();
  return (
    <li className="map-cell">
      <button
        type="button"
        className={greyed ? 'map-card map-card-greyed' : 'map-card'}
        aria-label={`${map.map.name} (${map.map.name_cmd})`}
        aria-describedby={badge ? badgeId : undefined}
        aria-disabled={greyed || undefined}
        data-map={map.map.name_cmd}
        onClick={() => onSelect(map)}
      >
        {map.map.image ? (
          <img className="map-image" src={map.map.image} alt="" loading="lazy" />
        ) : (
          <span className="map-image map-image-empty" aria-hidden="true" />
        )}
        <span className="map-cmd">{map.map.name_cmd}</span>
        {badge && (
          <span className="map-badge" id={badgeId}>
            {badge}
          </span>
        )}
      </button>
    </li>
  );
}

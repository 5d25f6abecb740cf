import type { ReactNode } from 'react';

interface ToggleButtonProps {
  label: string;
  /** A decorative icon; on phones the label is for screen readers only and the icon stands in for it. */
  icon?: ReactNode;
  count: number;
  pressed: boolean;
  /** The id of the panel this button opens, for aria-controls. */
  controls: string;
  onToggle: () => void;
}

/**
 * A header toggle with a count badge; `aria-expanded` tells assistive tech whether its panel is open. The
 * space between label and badge makes the accessible name "My Servers 0" rather than "My Servers0".
 */
export function ToggleButton({ label, icon, count, pressed, controls, onToggle }: ToggleButtonProps) {
  return (
    <button
      type="button"
      className="toggle-button"
      aria-expanded={pressed}
      aria-controls={controls}
      onClick={onToggle}
    >
      {icon}
      <span className="toggle-label">{label}</span>{' '}
      <span className={count > 0 ? 'badge badge-active' : 'badge'}>{count}</span>
    </button>
  );
}

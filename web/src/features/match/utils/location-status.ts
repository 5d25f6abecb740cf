// The Location Voting modal's countdown line and ping colours (docs/match-room.md, "Location vote").
import type { LocationDecidedBy } from '@versus/common/match/state';

export const LOCATION_WAITING = 'Waiting for the auto location voter to start ...';
export const LOCATION_IN_PROGRESS = 'Auto location voting in progress ...';
export const MEASURING_PING = 'Measuring ping...';

/** -1 waiting, 0 deciding, otherwise "N seconds remaining ...". */
export function locationCountdownText(remainingSeconds: number): string {
  if (remainingSeconds < 0) return LOCATION_WAITING;
  if (remainingSeconds === 0) return LOCATION_IN_PROGRESS;
  return `${remainingSeconds} seconds remaining ...`;
}

export type PingColour = 'green' | 'yellow' | 'orange' | 'red';

/** Up to 40 ms green, up to 70 yellow, up to 120 orange, above red. */
export function pingColour(ms: number): PingColour {
  if (ms <= 40) return 'green';
  if (ms <= 70) return 'yellow';
  if (ms <= 120) return 'orange';
  return 'red';
}

/**
 * What a location's ping cell says: "Measuring ping..." until a measurement answered (not measured yet, or
 * failed: a failed ping is null and is measured again every 5 s), else the rounded milliseconds.
 */
export function pingText(ping: number | null | undefined): string {
  if (ping === undefined || ping === null) return MEASURING_PING;
  return `${Math.round(ping)} ms`;
}

/** Which rule chose the match's server location (`locationDecidedBy` of the match detail). */
export type { LocationDecidedBy };

/** What the server box says about how its location was chosen. */
export const LOCATION_DECIDED_TEXT: Record<LocationDecidedBy, string> = {
  vote: 'Chosen by vote',
  ping: 'Lowest median ping',
  lowest_id: 'First location (no votes or pings)',
  fixed: 'Fixed by the competition',
};

const regionNames =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** "Germany" for "de"; the code itself when the browser cannot name it. */
export function countryName(code: string): string {
  try {
    return regionNames?.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

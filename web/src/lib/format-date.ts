// Dates as the viewer reads them: the browser's preferred languages and its time zone. The API sends
// instants (ISO 8601, UTC); nothing in the app shows one raw or cut by hand.

/** Which locale and time zone to use; the viewer's own when absent (tests pass fixed ones). */
export interface DateLocale {
  locale?: string | readonly string[];
  timeZone?: string;
}

const STYLES = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
  /** The full instant with its zone, for a tooltip. */
  full: { dateStyle: 'full', timeStyle: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** How a date is shown: day only, day and time, time only, or everything (a tooltip). */
export type DateStyle = keyof typeof STYLES;

/** The browser's preferred languages, best first; Intl's own default where there is no navigator. */
const viewerLocales = (): readonly string[] | undefined =>
  typeof navigator !== 'undefined' && navigator.languages.length > 0 ? navigator.languages : undefined;

// Building an Intl formatter is costly next to using one; lists render hundreds of dates.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle, where: DateLocale): Intl.DateTimeFormat {
  const locales = where.locale ?? viewerLocales();
  const key = `${style}|${String(locales)}|${where.timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locales as string[] | undefined, {
      ...STYLES[style],
      timeZone: where.timeZone,
    });
    formatters.set(key, found);
  }
  return found;
}

const parse = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * An instant in the viewer's locale and time zone ("Mar 1, 2025, 7:00 PM" for en-US in Berlin, "01.03.2025,
 * 19:00" for de-DE). Text that is not a date is shown as it came, so nothing silently disappears.
 */
export function formatDate(iso: string, style: DateStyle = 'date', where: DateLocale = {}): string {
  const date = parse(iso);
  return date ? formatter(style, where).format(date) : iso;
}

const NOW_SECONDS = 5;

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * How long ago (or how far ahead) an instant is, in the viewer's words: "3 hours ago", "in 2 days", "now"
 * (within 5 seconds either way).
 * `now` is a parameter so a list ticks with one clock.
 */
export function formatRelative(iso: string, now: number, where: Pick<DateLocale, 'locale'> = {}): string {
  const date = parse(iso);
  if (!date) return iso;
  // Under NOW_SECONDS either way reads "now": the server's clock and the viewer's differ by a second or two,
  // and a delivery written a moment ago must not read "in 1 second".
  const raw = Math.round((date.getTime() - now) / 1000);
  const seconds = Math.abs(raw) < NOW_SECONDS ? 0 : raw;
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  const locales = (where.locale ?? viewerLocales()) as string[] | undefined;
  return new Intl.RelativeTimeFormat(locales, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

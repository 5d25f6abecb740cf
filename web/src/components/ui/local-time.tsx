import { useEffect, useState } from 'react';
import { formatDate, formatRelative, type DateStyle } from '@/lib/format-date';

/**
 * An instant in the viewer's locale and time zone, as a `<time>` whose tooltip spells out the whole date,
 * time and zone.
 */
export function LocalTime({
  iso,
  style = 'date',
  className,
}: {
  iso: string;
  style?: DateStyle;
  className?: string;
}) {
  return (
    <time className={className} dateTime={iso} title={formatDate(iso, 'full')}>
      {formatDate(iso, style)}
    </time>
  );
}

/** "3 hours ago" / "in 2 days", refreshed every minute; the tooltip gives the date and time. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className={className} dateTime={iso} title={formatDate(iso, 'full')}>
      {formatRelative(iso, now)}
    </time>
  );
}

import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative } from './format-date';

const instant = '2025-03-01T18:05:00.000Z';

describe('formatDate', () => {
  it.each([
    ['en-US', 'America/New_York', 'date', 'Mar 1, 2025'],
    ['en-US', 'America/New_York', 'time', '1:05 PM'],
    ['de-DE', 'Europe/Berlin', 'dateTime', '01.03.2025, 19:05'],
    ['en-GB', 'Asia/Tokyo', 'dateTime', '2 Mar 2025, 03:05'],
    ['fr-FR', 'UTC', 'date', '1 mars 2025'],
  ] as const)('%s in %s, %s: %s', (locale, timeZone, style, expected) => {
    expect(formatDate(instant, style, { locale, timeZone })).toBe(expected);
  });

  it('uses the browser’s own language when none is given', () => {
    // jsdom's navigator speaks en-US.
    expect(formatDate(instant, 'date', { timeZone: 'UTC' })).toBe('Mar 1, 2025');
  });

  it('shows text that is not a date as it came', () => {
    expect(formatDate('soon', 'dateTime')).toBe('soon');
  });
});

describe('formatRelative', () => {
  const now = Date.parse(instant);
  it.each([
    [-30, 'en', '30 seconds ago'],
    [-3 * 3600, 'en', '3 hours ago'],
    [-24 * 3600, 'en', 'yesterday'],
    [2 * 24 * 3600, 'en', 'in 2 days'],
    [0, 'en', 'now'],
    [1, 'en', 'now'],
    [-4, 'en', 'now'],
    [5, 'en', 'in 5 seconds'],
    [-3 * 3600, 'de', 'vor 3 Stunden'],
  ] as const)('%i s in %s: %s', (offset, locale, expected) => {
    expect(formatRelative(new Date(now + offset * 1000).toISOString(), now, { locale })).toBe(expected);
  });
});

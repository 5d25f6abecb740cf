import { describe, expect, it } from 'vitest';
import { demoUsers } from './demo-data.ts';

/** WCAG's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

// The dark theme's page, card and raised surfaces (web/src/styles/theme.css), where names are shown.
const SURFACES = ['#0b0e13', '#131922', '#1a2230'];

describe.skipIf(process.env.TEST_DB === 'postgres')('the demo players’ name colours', () => {
  it('read at 4.5:1 or better on every surface (WCAG AA), or on their own background', () => {
    const unreadable = demoUsers().flatMap((u) =>
      (u.backgroundColor ? [u.backgroundColor] : SURFACES)
        .filter((surface) => contrast(u.color, surface) < 4.5)
        .map((surface) => `${u.username} ${u.color} on ${surface}: ${contrast(u.color, surface).toFixed(2)}`),
    );
    expect(unreadable).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { MAP_ART, mapSvg } from '../../../../scripts/map-art.mjs';
import { DEMO_MAPS } from './demo-data.ts';

// The demo maps' art (drawn at build time, served at /images/maps/{name_cmd}.svg): every seeded map has its
// own, each with its own palette and motif, and its display name in large letters.
describe('map art', () => {
  it('draws every demo map, distinct from the others, with its display name', () => {
    const svgs = DEMO_MAPS.map(([name, cmd]) => {
      expect(MAP_ART[cmd]?.name, cmd).toBe(name);
      const svg = mapSvg(name, cmd);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="360"/);
      expect(svg).toContain(`>${name.toUpperCase()}</text>`);
      return svg;
    });
    expect(new Set(svgs).size).toBe(DEMO_MAPS.length);
    const palettes = DEMO_MAPS.map(([, cmd]) => JSON.stringify(MAP_ART[cmd]?.sky));
    expect(new Set(palettes).size).toBe(DEMO_MAPS.length);
    const motifs = DEMO_MAPS.map(([, cmd]) => MAP_ART[cmd]?.motif);
    expect(new Set(motifs).size).toBe(DEMO_MAPS.length);
  });

  it('is deterministic, escapes the name, and draws a map it does not know too', () => {
    expect(mapSvg('Crash', 'mp_crash')).toBe(mapSvg('Crash', 'mp_crash'));
    const unknown = mapSvg('Killhouse <&>', 'mp_killhouse');
    expect(unknown).toContain('KILLHOUSE &#60;&#38;&#62;');
    expect(unknown).not.toContain('<&>');
  });
});

// Types of scripts/map-art.mjs, for the TypeScript tests that check the demo maps' art.
export interface MapArt {
  name: string;
  sky: [string, string];
  sun: string;
  far: string;
  mid: string;
  ground: string;
  accent: string;
  motif: string;
}
export const MAP_ART: Record<string, MapArt>;
export function mapSvg(name: string, cmd: string): string;

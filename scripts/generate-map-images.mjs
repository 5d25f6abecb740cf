// Generates the demo world's images (no downloads): one SVG per CoD4 map under
// server/public/images/maps/{name_cmd}.svg and a few avatars under server/public/images/avatars/.
// Deterministic: rerunning produces the same files. Run: node scripts/generate-map-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'server/public/images');

// name, name_cmd, sky/ground colours, accent, motif
const MAPS = [
  ['Backlot', 'mp_backlot', '#3b2f2a', '#8a6f4d', '#e0a458', 'blocks'],
  ['Crash', 'mp_crash', '#2a2f36', '#6b6f63', '#d9534f', 'rubble'],
  ['Crossfire', 'mp_crossfire', '#2c2a24', '#9c8b6a', '#f0c05a', 'street'],
  ['District', 'mp_citystreets', '#23262e', '#7d7468', '#c98b5d', 'grid'],
  ['Strike', 'mp_strike', '#1f2a33', '#a39a84', '#5fb0d6', 'plaza'],
  ['Vacant', 'mp_vacant', '#1e2326', '#56605f', '#9fd36b', 'rooms'],
  ['Overgrown', 'mp_overgrown', '#1b2a1d', '#4d6b3c', '#c4e06a', 'fields'],
  ['Pipeline', 'mp_pipeline', '#24282c', '#5f5a52', '#e5873a', 'pipes'],
  ['Bog', 'mp_bog', '#151b24', '#3c4a3f', '#7fa7d8', 'water'],
  ['Showdown', 'mp_showdown', '#2b2420', '#b39b72', '#e8d08a', 'arena'],
  ['Ambush', 'mp_convoy', '#262521', '#8f8261', '#d77b4e', 'road'],
];

/** Small seeded PRNG so every map gets its own stable layout. */
function rng(seedText) {
  let h = 2166136261;
  for (const c of seedText) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function motif(kind, rand, accent, ground) {
  const out = [];
  const r = (a, b) => Math.round(a + rand() * (b - a));
  switch (kind) {
    case 'pipes':
      for (let i = 0; i < 5; i++) {
        const y = r(60, 300);
        out.push(
          `<rect x="0" y="${y}" width="640" height="${r(8, 18)}" rx="6" fill="${accent}" opacity="0.55"/>`,
        );
      }
      break;
    case 'water':
      for (let i = 0; i < 6; i++) {
        out.push(
          `<ellipse cx="${r(40, 600)}" cy="${r(60, 320)}" rx="${r(40, 110)}" ry="${r(15, 40)}" fill="${accent}" opacity="0.35"/>`,
        );
      }
      break;
    case 'fields':
      for (let i = 0; i < 9; i++) {
        out.push(
          `<circle cx="${r(20, 620)}" cy="${r(30, 340)}" r="${r(14, 46)}" fill="${accent}" opacity="0.3"/>`,
        );
      }
      break;
    case 'arena':
      out.push(
        `<circle cx="320" cy="180" r="120" fill="none" stroke="${accent}" stroke-width="10" opacity="0.5"/>`,
      );
      out.push(`<circle cx="320" cy="180" r="50" fill="${accent}" opacity="0.3"/>`);
      break;
    case 'road':
    case 'street':
      out.push(
        `<path d="M0 ${r(120, 220)} C 200 ${r(40, 320)}, 440 ${r(40, 320)}, 640 ${r(120, 220)}" stroke="${accent}" stroke-width="34" fill="none" opacity="0.45"/>`,
      );
      break;
    default:
      break;
  }
  // Buildings seen from above: every motif gets some, with its own density.
  const count = { blocks: 14, rubble: 22, grid: 18, plaza: 10, rooms: 16 }[kind] ?? 7;
  for (let i = 0; i < count; i++) {
    const w = r(30, 110);
    const h = r(24, 90);
    const rot = kind === 'rubble' ? r(-30, 30) : 0;
    const x = r(0, 640 - w);
    const y = r(0, 360 - h);
    out.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${ground}" stroke="#00000055" stroke-width="3" transform="rotate(${rot} ${x + w / 2} ${y + h / 2})" opacity="0.85"/>`,
    );
  }
  return out.join('\n  ');
}

function mapSvg([name, cmd, dark, ground, accent, kind]) {
  const rand = rng(cmd);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="${name}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/>
      <stop offset="1" stop-color="${ground}" stop-opacity="0.6"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.45" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.75"/>
    </linearGradient>
  </defs>
  <rect width="640" height="360" fill="url(#bg)"/>
  ${motif(kind, rand, accent, ground)}
  <rect width="640" height="360" fill="url(#shade)"/>
  <rect x="0" y="352" width="640" height="8" fill="${accent}"/>
  <text x="32" y="318" font-family="Impact, 'Arial Narrow', sans-serif" font-size="64" letter-spacing="2" fill="#fff">${name.toUpperCase()}</text>
  <text x="34" y="342" font-family="monospace" font-size="18" fill="${accent}">${cmd}</text>
</svg>
`;
}

const AVATAR_COLOURS = [
  '#e0a458',
  '#5fb0d6',
  '#9fd36b',
  '#d9534f',
  '#b58ae0',
  '#e5873a',
  '#4fc1a6',
  '#c4c4c4',
];

function avatarSvg(colour, index) {
  const rand = rng(`avatar-${index}`);
  const eye = 6 + Math.round(rand() * 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="avatar">
  <rect width="128" height="128" fill="#1b1f27"/>
  <circle cx="64" cy="52" r="28" fill="${colour}"/>
  <path d="M20 128c4-30 22-44 44-44s40 14 44 44z" fill="${colour}" opacity="0.85"/>
  <rect x="40" y="44" width="48" height="${eye + 6}" rx="4" fill="#1b1f27" opacity="0.8"/>
</svg>
`;
}

fs.mkdirSync(path.join(publicDir, 'maps'), { recursive: true });
fs.mkdirSync(path.join(publicDir, 'avatars'), { recursive: true });
for (const map of MAPS) fs.writeFileSync(path.join(publicDir, 'maps', `${map[1]}.svg`), mapSvg(map));
AVATAR_COLOURS.forEach((colour, i) => {
  fs.writeFileSync(path.join(publicDir, 'avatars', `avatar-${i + 1}.svg`), avatarSvg(colour, i));
});
fs.writeFileSync(path.join(publicDir, 'avatars', 'default.svg'), avatarSvg('#7a8494', 0));
console.log(`Wrote ${MAPS.length} map images and ${AVATAR_COLOURS.length + 1} avatars to ${publicDir}`);

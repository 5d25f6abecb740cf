// Writes the demo world's map art (scripts/map-art.mjs; the web build emits the same files itself, see
// web/vite.config.ts) into a folder, to look at or to upload elsewhere: one SVG per CoD4 map, default
// web/dist/images/maps/. Deterministic. With --avatars it also rewrites the committed demo avatars under
// server/public/images/avatars/.
// Run: node scripts/generate-map-images.mjs [outDir] [--avatars]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAP_ART, mapSvg } from './map-art.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(root, 'web/dist/images/maps'));

fs.mkdirSync(outDir, { recursive: true });
for (const [cmd, art] of Object.entries(MAP_ART)) {
  fs.writeFileSync(path.join(outDir, `${cmd}.svg`), mapSvg(art.name, cmd));
}
console.log(`Wrote ${Object.keys(MAP_ART).length} map images to ${path.relative(root, outDir) || outDir}`);

if (args.includes('--avatars')) {
  const avatarDir = path.join(root, 'server/public/images/avatars');
  const colours = ['#e0a458', '#5fb0d6', '#9fd36b', '#d9534f', '#b58ae0', '#e5873a', '#4fc1a6', '#c4c4c4'];
  const avatarSvg = (colour, index) => {
    const eye = 6 + (index % 4);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="avatar">
  <rect width="128" height="128" fill="#1b1f27"/>
  <circle cx="64" cy="52" r="28" fill="${colour}"/>
  <path d="M20 128c4-30 22-44 44-44s40 14 44 44z" fill="${colour}" opacity="0.85"/>
  <rect x="40" y="44" width="48" height="${eye + 6}" rx="4" fill="#1b1f27" opacity="0.8"/>
</svg>
`;
  };
  fs.mkdirSync(avatarDir, { recursive: true });
  colours.forEach((c, i) => fs.writeFileSync(path.join(avatarDir, `avatar-${i + 1}.svg`), avatarSvg(c, i)));
  fs.writeFileSync(path.join(avatarDir, 'default.svg'), avatarSvg('#7a8494', 0));
  console.log(`Wrote ${colours.length + 1} avatars to server/public/images/avatars`);
}

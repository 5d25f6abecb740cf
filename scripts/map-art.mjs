// The demo maps' art, drawn from code (no downloads): one stylised landscape per CoD4 map, each with its own
// palette (sky, sun, hills, silhouettes), a motif of the place (a skyline, a refinery, a marsh, a desert
// road ...) and its display name in large letters. 640x360 (16:9, the veto card on a wide screen; a phone's 2:1 card crops 20 px off the top and bottom,
// so everything that matters stays between y 20 and 340), deterministic: the same
// input always gives the same SVG. Used by the web build (web/vite.config.ts) and scripts/generate-map-images.mjs.

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

const W = 640;
const H = 360;

/**
 * The demo world's maps by server name (the list of server/src/db/seed/demo-data.ts): display name, and the
 * palette: sky top and horizon, the sun (or moon), far hills, the motif's silhouette, the ground, the
 * accent (stripe and lit windows), and the motif drawn in the middle distance.
 */
export const MAP_ART = {
  mp_backlot: {
    name: 'Backlot',
    sky: ['#1d2b53', '#f28b49'],
    sun: '#ffd27a',
    far: '#7a4a5c',
    mid: '#3a2433',
    ground: '#1e1420',
    accent: '#ffb454',
    motif: 'construction',
  },
  mp_crash: {
    name: 'Crash',
    sky: ['#2b1a2f', '#c8443b'],
    sun: '#ff8a5c',
    far: '#6e2f3a',
    mid: '#2e1620',
    ground: '#190c12',
    accent: '#ff5b4a',
    motif: 'crash',
  },
  mp_crossfire: {
    name: 'Crossfire',
    sky: ['#3a6ea5', '#f1d38a'],
    sun: '#fff3c4',
    far: '#9a8a6a',
    mid: '#5c4a33',
    ground: '#33281b',
    accent: '#f0c05a',
    motif: 'village',
  },
  mp_citystreets: {
    name: 'District',
    sky: ['#120b2e', '#6b3fa0'],
    sun: '#f3e9ff',
    far: '#3b2a6b',
    mid: '#1c1440',
    ground: '#0c0820',
    accent: '#ffd84d',
    motif: 'skyline',
  },
  mp_strike: {
    name: 'Strike',
    sky: ['#2aa3b8', '#f4e1b5'],
    sun: '#fffbe8',
    far: '#b7a27a',
    mid: '#6b5433',
    ground: '#3d2f1c',
    accent: '#2fd0e0',
    motif: 'domes',
  },
  mp_vacant: {
    name: 'Vacant',
    sky: ['#23394a', '#9cc7b9'],
    sun: '#e8fff6',
    far: '#5e7f7a',
    mid: '#2b3d42',
    ground: '#162224',
    accent: '#9fe37a',
    motif: 'offices',
  },
  mp_overgrown: {
    name: 'Overgrown',
    sky: ['#4a90c2', '#cfe8a4'],
    sun: '#fffde0',
    far: '#6fa36a',
    mid: '#2f5a2c',
    ground: '#1a3318',
    accent: '#c4f06a',
    motif: 'forest',
  },
  mp_pipeline: {
    name: 'Pipeline',
    sky: ['#3b2a1e', '#e29a3b'],
    sun: '#ffe0a0',
    far: '#8a5a34',
    mid: '#3a2616',
    ground: '#1f140b',
    accent: '#ff8c2e',
    motif: 'refinery',
  },
  mp_bog: {
    name: 'Bog',
    sky: ['#08142b', '#2c5a7a'],
    sun: '#dff0ff',
    far: '#23445c',
    mid: '#0f2233',
    ground: '#07121c',
    accent: '#7fc4ff',
    motif: 'marsh',
  },
  mp_showdown: {
    name: 'Showdown',
    sky: ['#5b1f3c', '#ff9e5e'],
    sun: '#ffe3a3',
    far: '#b0554f',
    mid: '#5a2430',
    ground: '#2e111a',
    accent: '#ffc46b',
    motif: 'mesas',
  },
  mp_convoy: {
    name: 'Ambush',
    sky: ['#6bb3e0', '#f6d29b'],
    sun: '#fffef0',
    far: '#c99a63',
    mid: '#7a5533',
    ground: '#4a321d',
    accent: '#ff7b3a',
    motif: 'desert-road',
  },
};

/** A fallback palette for a map the list does not know, from its name's hash. */
function paletteFor(cmd) {
  const known = MAP_ART[cmd];
  if (known) return known;
  const hue = Math.floor(rng(cmd)() * 360);
  const hsl = (s, l, h = hue) => `hsl(${h} ${s}% ${l}%)`;
  return {
    sky: [hsl(45, 18), hsl(60, 62, (hue + 30) % 360)],
    sun: hsl(90, 88, (hue + 30) % 360),
    far: hsl(30, 40),
    mid: hsl(35, 20),
    ground: hsl(35, 10),
    accent: hsl(85, 60, (hue + 180) % 360),
    motif: 'skyline',
  };
}

const round = (n) => Math.round(n * 10) / 10;

/** A ridge line across the picture: a closed path from `base` (y) with bumps up to `amp`. */
function ridge(rand, base, amp, steps, fill, opacity = 1) {
  const pts = [];
  let y = base - rand() * amp;
  for (let i = 0; i <= steps; i += 1) {
    const x = (W / steps) * i;
    y = Math.min(base, Math.max(base - amp, y + (rand() - 0.5) * amp * 0.9));
    pts.push(`${round(x)} ${round(y)}`);
  }
  return `<path d="M0 ${H} L${pts.join(' L')} L${W} ${H} Z" fill="${fill}" opacity="${opacity}"/>`;
}

/** Buildings standing on `base`: boxes with lit windows. */
function buildings(rand, base, count, minH, maxH, fill, windows, from = 0, to = W) {
  const out = [];
  let x = from;
  for (let i = 0; i < count && x < to; i += 1) {
    const w = 26 + rand() * 44;
    const h = minH + rand() * (maxH - minH);
    out.push(
      `<rect x="${round(x)}" y="${round(base - h)}" width="${round(w)}" height="${round(h)}" fill="${fill}"/>`,
    );
    for (let wy = base - h + 8; wy < base - 10; wy += 12) {
      for (let wx = x + 5; wx < x + w - 8; wx += 10) {
        if (rand() < 0.32) {
          out.push(
            `<rect x="${round(wx)}" y="${round(wy)}" width="4" height="5" fill="${windows}" opacity="0.85"/>`,
          );
        }
      }
    }
    x += w + rand() * 10;
  }
  return out.join('');
}

function tree(x, base, size, fill, kind) {
  if (kind === 'pine') {
    return `<path d="M${round(x)} ${round(base - size * 2.2)} L${round(x + size * 0.7)} ${round(base - size * 0.2)} L${round(x - size * 0.7)} ${round(base - size * 0.2)} Z" fill="${fill}"/><rect x="${round(x - 2)}" y="${round(base - size * 0.3)}" width="4" height="${round(size * 0.3)}" fill="${fill}"/>`;
  }
  if (kind === 'palm') {
    const top = base - size * 2.4;
    const fronds = [-1, -0.5, 0.5, 1]
      .map(
        (d) =>
          `<path d="M${round(x)} ${round(top)} q${round(d * size * 0.6)} ${round(-size * 0.3)} ${round(d * size * 1.1)} ${round(size * 0.35)}" stroke="${fill}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      )
      .join('');
    return `<path d="M${round(x - 2)} ${base} q6 ${round(-size)} 2 ${round(-size * 2.4)}" stroke="${fill}" stroke-width="5" fill="none"/>${fronds}`;
  }
  return `<circle cx="${round(x)}" cy="${round(base - size * 1.3)}" r="${round(size * 0.8)}" fill="${fill}"/><rect x="${round(x - 2.5)}" y="${round(base - size * 0.6)}" width="5" height="${round(size * 0.6)}" fill="${fill}"/>`;
}

function motif(kind, rand, p) {
  const base = 236;
  const out = [];
  switch (kind) {
    case 'construction': {
      out.push(buildings(rand, base, 14, 30, 90, p.mid, p.accent));
      // A tower crane over the lot.
      out.push(
        `<g stroke="${p.mid}" stroke-width="5" fill="none"><path d="M470 ${base} V70 M470 74 H600 M470 74 H420 M470 70 L520 74"/><path d="M580 74 V120" stroke-width="2"/></g><rect x="572" y="120" width="16" height="12" fill="${p.mid}"/><rect x="410" y="72" width="20" height="16" fill="${p.mid}"/>`,
      );
      break;
    }
    case 'crash': {
      out.push(buildings(rand, base, 13, 40, 120, p.mid, p.accent));
      // Smoke from the downed helicopter, and its tail sticking up.
      for (let i = 0; i < 6; i += 1) {
        out.push(
          `<circle cx="${round(300 + i * 14 + rand() * 10)}" cy="${round(200 - i * 26)}" r="${round(18 + i * 7)}" fill="#1a1016" opacity="${round(0.55 - i * 0.07)}"/>`,
        );
      }
      out.push(
        `<path d="M270 ${base} L330 ${base - 40} L372 ${base - 52} L376 ${base - 38} L340 ${base - 28} L300 ${base}" fill="${p.ground}"/><path d="M372 ${base - 52} L392 ${base - 80} L398 ${base - 76} L382 ${base - 44} Z" fill="${p.ground}"/><circle cx="318" cy="${base - 6}" r="10" fill="${p.accent}" opacity="0.8"/>`,
      );
      break;
    }
    case 'village': {
      let x = 10;
      while (x < W) {
        const w = 40 + rand() * 40;
        const h = 30 + rand() * 40;
        out.push(
          `<path d="M${round(x)} ${base} V${round(base - h)} L${round(x + w / 2)} ${round(base - h - 22)} L${round(x + w)} ${round(base - h)} V${base} Z" fill="${p.mid}"/>`,
        );
        if (rand() < 0.5)
          out.push(
            `<rect x="${round(x + w / 2 - 5)}" y="${round(base - h + 10)}" width="10" height="14" fill="${p.accent}" opacity="0.7"/>`,
          );
        x += w + 6 + rand() * 30;
      }
      out.push(
        `<rect x="300" y="${base - 130}" width="18" height="130" fill="${p.mid}"/><path d="M296 ${base - 130} L309 ${base - 156} L322 ${base - 130} Z" fill="${p.mid}"/>`,
      );
      break;
    }
    case 'skyline': {
      out.push(buildings(rand, base, 18, 60, 190, p.far, p.accent));
      out.push(buildings(rand, base, 18, 30, 110, p.mid, p.accent));
      out.push(`<rect x="0" y="${base - 4}" width="${W}" height="4" fill="${p.accent}" opacity="0.6"/>`);
      break;
    }
    case 'domes': {
      let x = 0;
      while (x < W) {
        const w = 50 + rand() * 50;
        const h = 30 + rand() * 50;
        out.push(
          `<rect x="${round(x)}" y="${round(base - h)}" width="${round(w)}" height="${round(h)}" fill="${p.mid}"/>`,
        );
        if (rand() < 0.5) {
          out.push(
            `<path d="M${round(x + 8)} ${round(base - h)} a${round(w / 2 - 8)} ${round(w / 2 - 8)} 0 0 1 ${round(w - 16)} 0 Z" fill="${p.mid}"/>`,
          );
        }
        out.push(
          `<path d="M${round(x + w / 2 - 8)} ${base} v-18 a8 8 0 0 1 16 0 v18 Z" fill="${p.ground}"/>`,
        );
        x += w + rand() * 16;
      }
      out.push(
        `<rect x="520" y="${base - 150}" width="14" height="150" fill="${p.mid}"/><circle cx="527" cy="${base - 156}" r="9" fill="${p.mid}"/>`,
      );
      break;
    }
    case 'offices': {
      out.push(`<rect x="150" y="${base - 140}" width="340" height="140" fill="${p.mid}"/>`);
      for (let y = base - 128; y < base - 10; y += 22) {
        for (let x = 162; x < 480; x += 26) {
          const lit = rand();
          out.push(
            `<rect x="${x}" y="${y}" width="16" height="13" fill="${lit < 0.2 ? p.accent : p.ground}" opacity="${lit < 0.2 ? 0.8 : 0.9}"/>`,
          );
        }
      }
      out.push(buildings(rand, base, 4, 30, 70, p.mid, p.accent, 0, 150));
      out.push(buildings(rand, base, 4, 30, 70, p.mid, p.accent, 500, W));
      break;
    }
    case 'forest': {
      for (let i = 0; i < 26; i += 1) {
        const x = rand() * W;
        out.push(tree(x, base + 4, 14 + rand() * 18, p.mid, rand() < 0.5 ? 'pine' : 'round'));
      }
      out.push(
        `<path d="M360 ${base} V${base - 40} L392 ${base - 64} L424 ${base - 40} V${base} Z" fill="${p.ground}"/><rect x="386" y="${base - 30}" width="12" height="12" fill="${p.accent}" opacity="0.8"/>`,
      );
      break;
    }
    case 'refinery': {
      // Tanks, stacks with smoke, and pipes along the ground.
      for (const [x, r] of [
        [90, 40],
        [190, 30],
        [460, 46],
      ]) {
        out.push(
          `<rect x="${x - r}" y="${base - r * 1.4}" width="${r * 2}" height="${r * 1.4}" fill="${p.mid}"/><ellipse cx="${x}" cy="${base - r * 1.4}" rx="${r}" ry="8" fill="${p.mid}"/>`,
        );
      }
      for (const [x, h] of [
        [290, 150],
        [330, 120],
        [560, 170],
      ]) {
        out.push(`<rect x="${x}" y="${base - h}" width="16" height="${h}" fill="${p.mid}"/>`);
        for (let i = 0; i < 4; i += 1) {
          out.push(
            `<circle cx="${x + 8 + i * 16}" cy="${base - h - 14 - i * 18}" r="${10 + i * 6}" fill="${p.far}" opacity="${round(0.6 - i * 0.12)}"/>`,
          );
        }
        out.push(`<circle cx="${x + 8}" cy="${base - h - 4}" r="5" fill="${p.accent}"/>`);
      }
      out.push(
        `<rect x="0" y="${base - 22}" width="${W}" height="8" fill="${p.mid}"/><rect x="0" y="${base - 12}" width="${W}" height="6" fill="${p.accent}" opacity="0.5"/>`,
      );
      break;
    }
    case 'marsh': {
      for (let i = 0; i < 16; i += 1) {
        out.push(tree(rand() * W, base - 4, 10 + rand() * 16, p.mid, 'round'));
      }
      // Still water reflecting the moon, reeds in front.
      out.push(`<rect x="0" y="${base}" width="${W}" height="30" fill="${p.far}" opacity="0.7"/>`);
      out.push(
        `<rect x="${round(410)}" y="${base + 6}" width="70" height="3" fill="${p.sun}" opacity="0.6"/><rect x="425" y="${base + 14}" width="40" height="3" fill="${p.sun}" opacity="0.4"/>`,
      );
      for (let i = 0; i < 40; i += 1) {
        const x = rand() * W;
        out.push(
          `<path d="M${round(x)} ${base + 34} q${round((rand() - 0.5) * 10)} -20 ${round((rand() - 0.5) * 12)} ${round(-20 - rand() * 24)}" stroke="${p.ground}" stroke-width="3" fill="none"/>`,
        );
      }
      break;
    }
    case 'mesas': {
      out.push(
        `<path d="M40 ${base} L70 ${base - 120} L190 ${base - 120} L220 ${base} Z" fill="${p.mid}"/><path d="M420 ${base} L440 ${base - 90} L520 ${base - 90} L545 ${base} Z" fill="${p.mid}"/>`,
      );
      // The arena's ring wall.
      out.push(
        `<ellipse cx="320" cy="${base}" rx="130" ry="26" fill="none" stroke="${p.accent}" stroke-width="6" opacity="0.75"/><path d="M190 ${base} V${base - 30} H450 V${base} Z" fill="${p.mid}" opacity="0.9"/>`,
      );
      for (let x = 200; x < 450; x += 24)
        out.push(`<path d="M${x} ${base - 30} v-10 a6 6 0 0 1 12 0 v10 Z" fill="${p.mid}"/>`);
      break;
    }
    case 'desert-road': {
      out.push(
        `<path d="M250 ${H} L312 ${base} L330 ${base} L430 ${H} Z" fill="${p.ground}" opacity="0.85"/><path d="M320 ${base + 8} V${base + 18} M322 ${base + 36} V${base + 54} M326 ${base + 72} V${H}" stroke="${p.accent}" stroke-width="4"/>`,
      );
      for (const x of [60, 120, 500, 580]) out.push(tree(x, base + 6, 22 + rand() * 10, p.mid, 'palm'));
      // A truck of the convoy, on its side.
      out.push(
        `<g transform="rotate(-12 200 ${base})"><rect x="170" y="${base - 30}" width="64" height="26" fill="${p.mid}"/><rect x="234" y="${base - 22}" width="20" height="18" fill="${p.mid}"/><circle cx="186" cy="${base - 2}" r="7" fill="${p.ground}"/><circle cx="240" cy="${base - 2}" r="7" fill="${p.ground}"/></g>`,
      );
      break;
    }
    default:
      out.push(buildings(rand, base, 16, 40, 140, p.mid, p.accent));
  }
  return out.join('\n  ');
}

const escapeXml = (s) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG of one map: `name` is its display name, `cmd` its server name (the layout's seed). */
export function mapSvg(name, cmd) {
  const p = paletteFor(cmd);
  const rand = rng(cmd);
  const sunX = round(80 + rand() * 480);
  const sunY = round(70 + rand() * 60);
  const label = escapeXml(name.toUpperCase());
  const size = Math.min(72, Math.floor(560 / Math.max(label.length, 1) / 0.62));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(name)}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.sky[0]}"/>
      <stop offset="0.75" stop-color="${p.sky[1]}"/>
    </linearGradient>
    <radialGradient id="glow">
      <stop offset="0" stop-color="${p.sun}" stop-opacity="0.7"/>
      <stop offset="1" stop-color="${p.sun}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.55"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${sunY}" r="90" fill="url(#glow)"/>
  <circle cx="${sunX}" cy="${sunY}" r="26" fill="${p.sun}"/>
  <g transform="translate(0 20)">
  ${ridge(rand, 200, 70, 16, p.far, 0.75)}
  <rect x="0" y="236" width="${W}" height="${H - 236}" fill="${p.ground}"/>
  ${motif(p.motif, rand, p)}
  </g>
  <rect width="${W}" height="${H}" fill="url(#shade)"/>
  <text x="28" y="322" font-family="'Arial Black', Impact, 'Helvetica Neue', Arial, sans-serif" font-weight="900" font-size="${size}" letter-spacing="3" fill="#fff" stroke="#000" stroke-opacity="0.55" stroke-width="6" paint-order="stroke">${label}</text>
  <rect x="0" y="${H - 8}" width="${W}" height="8" fill="${p.accent}"/>
</svg>
`;
}

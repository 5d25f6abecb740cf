/** The demo world's fixed content: the CoD4 map list, server locations, players and teams. */

export const DEMO_GAME = { slug: 'cod4', name: 'Call of Duty 4', maxMapScore: 13 } as const;

/** All eleven CoD4 maps: [display name, server name]. Their art is drawn by scripts/map-art.mjs at build time. */
export const DEMO_MAPS: ReadonlyArray<readonly [name: string, nameCmd: string]> = [
  ['Backlot', 'mp_backlot'],
  ['Crash', 'mp_crash'],
  ['Crossfire', 'mp_crossfire'],
  ['District', 'mp_citystreets'],
  ['Strike', 'mp_strike'],
  ['Vacant', 'mp_vacant'],
  ['Overgrown', 'mp_overgrown'],
  ['Pipeline', 'mp_pipeline'],
  ['Bog', 'mp_bog'],
  ['Showdown', 'mp_showdown'],
  ['Ambush', 'mp_convoy'],
];

/** The seven-map competitive pool used by the demo ladder, tournament and solo-queue. */
export const DEMO_POOL_MAPS = [
  'mp_backlot',
  'mp_crash',
  'mp_crossfire',
  'mp_citystreets',
  'mp_strike',
  'mp_vacant',
  'mp_overgrown',
] as const;

/**
 * Locations; their hostname is the app's own URL so the browser's `/ping` reaches this server. Their names
 * are those of the emulated servers the development start runs there ("Demo Frankfurt #1").
 */
export const DEMO_LOCATIONS = [
  { name: 'Demo Frankfurt', city: 'Frankfurt', country: 'Germany', flag: 'de' },
  { name: 'Demo London', city: 'London', country: 'United Kingdom', flag: 'gb' },
  { name: 'Demo Amsterdam', city: 'Amsterdam', country: 'Netherlands', flag: 'nl' },
  { name: 'Demo New York', city: 'New York', country: 'United States', flag: 'us' },
  { name: 'Demo Stockholm', city: 'Stockholm', country: 'Sweden', flag: 'se' },
] as const;

export const DEMO_PASSWORD = 'password';

const FLAGS = ['de', 'gb', 'nl', 'us', 'se', 'fr', 'pl', 'fi', 'dk', 'no', 'es', 'it', 'be', 'at', 'cz'];
const COLOURS = ['#f5f5f5', '#e0a458', '#5fb0d6', '#9fd36b', '#ea6a66', '#b58ae0', '#e5873a', '#4fc1a6'];
const AVATAR_COUNT = 8;

export interface DemoUser {
  username: string;
  email: string;
  role: 'player' | 'admin';
  flag: string;
  color: string;
  backgroundColor: string | null;
  className: string | null;
  elo: number;
  image: string;
}

/** `player1`..`player20` with ratings spread evenly from 900 to 1500, then `admin`. */
export function demoUsers(): DemoUser[] {
  const players = Array.from({ length: 20 }, (_, i): DemoUser => {
    const n = i + 1;
    return {
      username: `player${n}`,
      email: `player${n}@versus.test`,
      role: 'player',
      flag: FLAGS[i % FLAGS.length] ?? 'gb',
      color: COLOURS[i % COLOURS.length] ?? '#f5f5f5',
      backgroundColor: null,
      className: n % 5 === 1 ? 'Veteran' : null,
      elo: 900 + Math.round((i * 600) / 19),
      image: `/images/avatars/avatar-${(i % AVATAR_COUNT) + 1}.svg`,
    };
  });
  const admin: DemoUser = {
    username: 'admin',
    email: 'admin@versus.test',
    role: 'admin',
    flag: 'gb',
    color: '#ffffff',
    backgroundColor: '#b02a37',
    className: 'Admin',
    elo: 1000,
    image: '/images/avatars/default.svg',
  };
  return [...players, admin];
}

/**
 * The scale the demo world's ratings are written on (the default RATING_START); each becomes a newcomer's
 * uncertainty around the skill that displays as that number (`skillForRating`).
 */
export const DEMO_RATING_START = 1000;

/** Four teams of five; the first listed member is the captain. */
export const DEMO_TEAMS = [
  { name: 'Red Dragons', tag: 'RDG', slug: 'red-dragons', rating: 1150, members: [1, 2, 3, 4, 5] },
  { name: 'Northern Wolves', tag: 'NWV', slug: 'northern-wolves', rating: 1080, members: [6, 7, 8, 9, 10] },
  { name: 'Silent Vipers', tag: 'SVP', slug: 'silent-vipers', rating: 1010, members: [11, 12, 13, 14, 15] },
  { name: 'Iron Phantoms', tag: 'IPH', slug: 'iron-phantoms', rating: 940, members: [16, 17, 18, 19, 20] },
] as const;

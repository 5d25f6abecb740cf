// The emulator's console variables (dvars): names are case-insensitive as in CoD4; `serverinfo` ones are
// sent in getstatus and written in every `InitGame:` log line, as a real server does.

interface Dvar {
  name: string;
  value: string;
  defaultValue: string;
  serverinfo: boolean;
}

const DEFAULTS: [string, string, boolean][] = [
  ['sv_hostname', 'CoD4Host', true],
  ['g_gametype', 'sd', true],
  ['mapname', '', true],
  ['sv_maxclients', '18', true],
  ['protocol', '6', true],
  ['shortversion', '1.8', true],
  ['gamename', 'Call of Duty 4', true],
  ['fs_game', 'mods/pml220', true],
  ['g_password', '', false],
  ['rcon_password', '', false],
  ['sv_mapRotation', '', false],
  ['sv_mapRotationCurrent', '', false],
  ['promod_mode', 'comp_public', false],
];

export class Dvars {
  private readonly vars = new Map<string, Dvar>();

  constructor(overrides: Record<string, string> = {}) {
    for (const [name, value, serverinfo] of DEFAULTS) {
      this.vars.set(name.toLowerCase(), { name, value, defaultValue: value, serverinfo });
    }
    for (const [name, value] of Object.entries(overrides)) this.set(name, value);
  }

  get(name: string): string {
    return this.vars.get(name.toLowerCase())?.value ?? '';
  }

  has(name: string): boolean {
    return this.vars.has(name.toLowerCase());
  }

  /** `set`/`seta` keep a dvar's flags; `sets` (or `serverinfo: true`) also puts it in the serverinfo. */
  set(name: string, value: string, serverinfo = false): void {
    const existing = this.vars.get(name.toLowerCase());
    if (existing) {
      existing.value = value;
      existing.serverinfo ||= serverinfo;
    } else {
      this.vars.set(name.toLowerCase(), { name, value, defaultValue: '', serverinfo });
    }
  }

  /** The console's answer to a bare dvar name. */
  describe(name: string): string | null {
    const dvar = this.vars.get(name.toLowerCase());
    if (!dvar) return null;
    return `"${dvar.name}" is: "${dvar.value}^7" default: "${dvar.defaultValue}^7"\n`;
  }

  /** `\key\value` pairs of the serverinfo dvars. */
  infoString(extra: Record<string, string> = {}): string {
    const pairs = [...this.vars.values()]
      .filter((d) => d.serverinfo)
      .map((d) => [d.name, d.value] as const)
      .concat(Object.entries(extra));
    return pairs.map(([k, v]) => `\\${k}\\${v.replace(/[\\\n";]/g, '')}`).join('');
  }

  /** Every dvar except the rcon password (the control interface shows them). */
  snapshot(): Record<string, string> {
    return Object.fromEntries(
      [...this.vars.values()].filter((d) => d.name !== 'rcon_password').map((d) => [d.name, d.value]),
    );
  }
}

/** The maps of an `sv_mapRotation` value: `gametype sd map mp_crash map mp_strike` → mp_crash, mp_strike. */
export function rotationMaps(rotation: string): string[] {
  const tokens = rotation.trim().split(/\s+/);
  const maps: string[] = [];
  for (let i = 0; i < tokens.length - 1; i++) {
    if (tokens[i]?.toLowerCase() === 'map') maps.push((tokens[i + 1] ?? '').toLowerCase());
  }
  return maps;
}

/** Rounds to win a map in a promod mode: `match_mr12` plays at most 24 rounds, so 13 win; else 13. */
export function roundsToWinOf(promodMode: string): number {
  const mr = /mr(\d+)/i.exec(promodMode);
  return mr ? Number(mr[1]) + 1 : 13;
}

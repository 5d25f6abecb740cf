// The `status` console command of CoD4x 1.8 (`SV_Status_f` in src/sv_cmds.c): a header block, a column
// line `num score ping playerid steamid name lastmsg address qport rate`, a dashes line, then one row per
// client. Columns are padded with spaces; the name is printed raw (it may hold spaces and colour codes)
// followed by `^7` and padding, so a row is read from both ends. In legacy mode the two id columns are one
// `guid` column.

export interface StatusClient {
  /** Client slot: what `clientkick` takes. */
  num: number;
  score: number;
  /** Milliseconds, or null while connecting (`CNCT`, `PRIM`, `ZMBI`). */
  ping: number | null;
  /** CoD4x player id (`[U:1:123]` or a 64-bit number), or the GUID in legacy mode. */
  playerId: string;
  steamId: string | null;
  name: string;
  lastMsg: number;
  address: string;
  qport: number;
  rate: number;
}

export interface ServerStatus {
  hostname: string | null;
  map: string | null;
  clients: StatusClient[];
}

const HEAD = String.raw`^\s*(\d+)\s+(-?\d+)\s+(\d+|CNCT|PRIM|ZMBI)\s+(\S+)\s+`;
const TAIL = String.raw`\s*(.*?)\^7\s+(\d+)\s+(\S+)\s+(-?\d+)\s+(-?\d+)\s*$`;
const ROW = new RegExp(`${HEAD}(\\S+)\\s${TAIL}`);
/** Legacy rows have no steamid column: an empty group keeps the group numbers of ROW. */
const LEGACY_ROW = new RegExp(`${HEAD}()${TAIL}`);

/** Parses the output of `status`; rows that do not fit the columns are skipped. */
export function parseStatus(text: string): ServerStatus {
  const lines = text.split('\n');
  let hostname: string | null = null;
  let map: string | null = null;
  let legacy = false;
  let inRows = false;
  const clients: StatusClient[] = [];
  for (const line of lines) {
    if (!inRows) {
      const header = /^(hostname|map)\s*:\s?(.*)$/.exec(line);
      if (header?.[1] === 'hostname') hostname = header[2] ?? null;
      if (header?.[1] === 'map') map = (header[2] ?? '').trim() || null;
      if (/^num score ping /.test(line)) legacy = !/\bplayerid\b/.test(line);
      if (/^---/.test(line)) inRows = true;
      continue;
    }
    const client = parseRow(line, legacy);
    if (client) clients.push(client);
  }
  return { hostname, map, clients };
}

function parseRow(line: string, legacy: boolean): StatusClient | null {
  const m = (legacy ? LEGACY_ROW : ROW).exec(line);
  if (!m) return null;
  const ping = m[3] ?? '';
  return {
    num: Number(m[1]),
    score: Number(m[2]),
    ping: /^\d+$/.test(ping) ? Number(ping) : null,
    playerId: m[4] ?? '',
    steamId: legacy ? null : (m[5] ?? null),
    name: (m[6] ?? '').trimEnd(),
    lastMsg: Number(m[7]),
    address: m[8] ?? '',
    qport: Number(m[9]),
    rate: Number(m[10]),
  };
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(1, width - text.length));

/** Prints a `status` answer the way CoD4x does (non-legacy mode); the emulator answers with it. */
export function formatStatus(status: {
  hostname: string;
  map: string;
  address: string;
  clients: readonly Omit<StatusClient, 'steamId'>[];
}): string {
  const out = [
    `hostname: ${status.hostname}\n`,
    'version : CoD4 X - linux-i386 1.8 build 9999\n',
    `udp/ip  : ${status.address}\n`,
    'os      : Linux\n',
    'type    : dedicated server\n',
    `map     : ${status.map}\n`,
    '\n',
    'num score ping playerid            steamid           name                             lastmsg address                                              qport rate\n',
    '--- ----- ---- ------------------- ----------------- -------------------------------- ------- ---------------------------------------------------- ----- -----\n',
  ];
  for (const c of status.clients) {
    const ping = c.ping === null ? 'CNCT ' : `${String(Math.min(c.ping, 9999)).padStart(4)} `;
    const visible = c.name.replace(/\^[0-9]/g, '').length;
    out.push(
      `${String(c.num).padStart(3)} ${String(c.score).padStart(5)} ${ping}` +
        pad(c.playerId, 20) +
        pad('[I:0:0]', 18) +
        `${c.name}^7${' '.repeat(Math.max(1, 33 - visible))}` +
        `${String(c.lastMsg).padStart(7)} ${pad(c.address, 52)} ${String(c.qport).padStart(5)} ${String(c.rate).padStart(5)}\n`,
    );
  }
  out.push('\n');
  return out.join('');
}

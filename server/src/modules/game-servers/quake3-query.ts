import dgram from 'node:dgram';

const HEADER = Buffer.from([0xff, 0xff, 0xff, 0xff]);
export const STATUS_REQUEST = Buffer.concat([HEADER, Buffer.from('getstatus\n')]);
const RESPONSE_PREFIX = 'statusResponse\n';

export interface Quake3Player {
  score: number;
  ping: number;
  name: string;
}

export interface Quake3Status {
  vars: Record<string, string>;
  players: Quake3Player[];
}

/** Builds a `statusResponse` datagram: `\key\value` pairs, then one `score ping "name"` line per player. */
export function encodeStatusResponse(status: Quake3Status): Buffer {
  const vars = Object.entries(status.vars)
    .map(([key, value]) => `\\${key.replace(/[\\\n]/g, '')}\\${value.replace(/[\\\n]/g, '')}`)
    .join('');
  const players = status.players
    .map((p) => `${p.score} ${p.ping} "${p.name.replace(/["\n]/g, '')}"\n`)
    .join('');
  return Buffer.concat([HEADER, Buffer.from(`${RESPONSE_PREFIX}${vars}\n${players}`, 'latin1')]);
}

/** Parses a `statusResponse` datagram; null when it is not one. */
export function decodeStatusResponse(datagram: Buffer): Quake3Status | null {
  if (datagram.length < 4 || !datagram.subarray(0, 4).equals(HEADER)) return null;
  const text = datagram.subarray(4).toString('latin1');
  if (!text.startsWith(RESPONSE_PREFIX)) return null;
  const [varLine = '', ...playerLines] = text.slice(RESPONSE_PREFIX.length).split('\n');
  const parts = varLine.split('\\').slice(1);
  const vars: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length; i += 2) vars[parts[i] ?? ''] = parts[i + 1] ?? '';
  const players: Quake3Player[] = [];
  for (const line of playerLines) {
    const match = /^(-?\d+) (\d+) "(.*)"$/.exec(line.trim());
    if (match) players.push({ score: Number(match[1]), ping: Number(match[2]), name: match[3] ?? '' });
  }
  return { vars, players };
}

/** Sends `getstatus` to a game server; resolves null when no valid answer arrives within `timeoutMs`. */
export function queryStatus(host: string, port: number, timeoutMs = 1500): Promise<Quake3Status | null> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    let done = false;
    const finish = (result: Quake3Status | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.close();
      resolve(result);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    socket.on('error', () => finish(null));
    socket.on('message', (message) => {
      const status = decodeStatusResponse(message);
      if (status) finish(status);
    });
    socket.send(STATUS_REQUEST, port, host, (error) => {
      if (error) finish(null);
    });
  });
}

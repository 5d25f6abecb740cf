// A CoD4x 1.8 dedicated server emulator for development and tests: a real UDP server on the game port that
// speaks what the platform uses of the wire protocol (getstatus, getinfo, rcon with `Bad rcon`, the refusal
// of rcon passwords under 8 characters, console output in `print` datagrams of about 1 KB), runs the console
// commands a match needs (status, clientkick, dvars, map, map_rotate, fast_restart) and plays a match from
// the log generator, writing games_mp.log as rounds pass. Scripted clients join with player ids through
// `join` (or the HTTP control interface in emulator-control.ts). See docs/game-servers.md, "The CoD4x
// emulator".
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import type { GeneratedMapResult } from '../modules/statistics/index.ts';
import { decodeOob, encodeOob } from '../lib/cod4x/oob.ts';
import { formatStatus } from '../lib/cod4x/rcon-status.ts';
import { Dvars, rotationMaps, roundsToWinOf } from './dvars.ts';
import { EmulatorMedia } from './emulator-media.ts';
import { GameLog } from './game-log.ts';
import { Playback, restoredScoreOf } from './playback.ts';

export interface EmulatorOptions {
  host?: string;
  /** UDP game port; 0 picks a free one. */
  port?: number;
  rconPassword: string;
  /** Where games_mp.log is written. */
  logPath: string;
  /** fs_homepath: `demos/`, `screenshots/` and the `apps/` hooks (default: the log's folder). */
  homePath?: string;
  /** Real milliseconds per game second: 1000 plays in real time, 5 plays 200 times faster. */
  msPerGameSecond?: number;
  /** Extra dvars at start (`sv_hostname`, `sv_maxclients`, ...). */
  dvars?: Record<string, string>;
  /** Rounds to win a map; default from `promod_mode` (match_mr12: 13). */
  roundsToWin?: number;
  /** getstatus/getinfo answers per address and period, like CoD4x's SVC_RateLimitAddress. */
  queryLimit?: { burst: number; periodMs: number };
  /** Seed of the played match (default random). */
  seed?: number;
}

export interface EmulatedClient {
  num: number;
  playerId: string;
  name: string;
  /** Match side 1 or 2 for the log's teams, or null for a spectator (or an intruder). */
  side: 1 | 2 | null;
  address: string;
  ping: number;
  score: number;
}

export interface EmulatorState {
  port: number;
  online: boolean;
  crashed: boolean;
  map: string | null;
  dvars: Record<string, string>;
  clients: EmulatedClient[];
  playing: { round: number; maps: string[] } | null;
  results: GeneratedMapResult[] | null;
  kicks: { playerId: string; name: string }[];
}

/** Bytes of console output per `print` datagram (CoD4x's SV_OUTPUTBUF_LENGTH is 1024). */
const OUTPUT_CHUNK = 1023;

export class Cod4xEmulator extends EventEmitter {
  readonly dvars: Dvars;
  readonly log: GameLog;
  private socket: dgram.Socket | null = null;
  private readonly clients = new Map<number, EmulatedClient>();
  private readonly kicks: { playerId: string; name: string }[] = [];
  private playback: Playback | null = null;
  private results: GeneratedMapResult[] | null = null;
  private round = 0;
  private online = true;
  private readonly bootedAt = Date.now();
  private readonly queryHits = new Map<string, number[]>();
  private lastBadRcon = 0;
  readonly msPerGameSecond: number;
  /** Demos and screenshots (emulator-media.ts). */
  readonly media: EmulatorMedia;

  constructor(readonly options: EmulatorOptions) {
    super();
    this.dvars = new Dvars({ ...options.dvars, rcon_password: options.rconPassword });
    this.msPerGameSecond = options.msPerGameSecond ?? 1000;
    this.log = new GameLog(options.logPath, () => (Date.now() - this.bootedAt) / this.msPerGameSecond);
    this.media = new EmulatorMedia(this, options.homePath ?? path.dirname(options.logPath));
  }

  /** Binds the game port; resolves with it. */
  async start(): Promise<number> {
    const socket = dgram.createSocket('udp4');
    socket.on('message', (message, remote) => this.handleDatagram(message, remote));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    this.socket = socket;
    return this.port;
  }

  get port(): number {
    return this.socket?.address().port ?? 0;
  }

  async stop(): Promise<void> {
    this.playback?.stop();
    const socket = this.socket;
    this.socket = null;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  /** Offline: no datagram is answered and the match stops writing its log, as when the process hangs. */
  setOnline(online: boolean): void {
    if (this.crashed) return;
    this.online = online;
    if (online) this.playback?.resume();
    else this.playback?.pause();
  }

  /** Round after which the next kill crashes the server (mid-round), or null. */
  private crashAfterRound: number | null = null;

  /**
   * The server process dies: no datagram is answered again and its log stops where it is. With
   * `afterRound`, it dies at the first kill after that round ended (in the middle of the next round).
   */
  crash(options: { afterRound?: number } = {}): void {
    if (options.afterRound !== undefined && this.round < options.afterRound) {
      this.crashAfterRound = options.afterRound;
      return;
    }
    this.crashAfterRound = null;
    this.crashed = true;
    this.online = false;
    this.playback?.stop();
    this.emit('crash', this.round);
  }

  private crashed = false;

  state(): EmulatorState {
    return {
      port: this.port,
      online: this.online,
      crashed: this.crashed,
      map: this.dvars.get('mapname') || null,
      dvars: this.dvars.snapshot(),
      clients: [...this.clients.values()],
      playing:
        this.playback && !this.playback.finished ? { round: this.round, maps: this.playingMaps } : null,
      results: this.results,
      kicks: [...this.kicks],
    };
  }

  private playingMaps: string[] = [];

  /** A scripted client connects (first free slot); throws when the server is full. */
  join(client: { playerId: string; name: string; side?: 1 | 2 | null; password?: string }): EmulatedClient {
    const max = Number(this.dvars.get('sv_maxclients')) || 18;
    const password = this.dvars.get('g_password');
    if (password !== '' && client.password !== undefined && client.password !== password) {
      throw new Error('Invalid password');
    }
    let num = 0;
    while (this.clients.has(num)) num++;
    if (num >= max) throw new Error('Server is full.');
    const joined: EmulatedClient = {
      num,
      playerId: client.playerId,
      name: client.name,
      side: client.side ?? null,
      address: `127.0.0.1:${20000 + num}`,
      ping: 20 + ((num * 7) % 40),
      score: 0,
    };
    this.clients.set(num, joined);
    if (this.dvars.get('mapname')) this.log.write(`J;${joined.playerId};${num};${joined.name}`);
    this.emit('join', joined);
    return joined;
  }

  /** A client disconnects by itself. */
  leave(num: number): boolean {
    const client = this.clients.get(num);
    if (!client) return false;
    this.clients.delete(num);
    if (this.dvars.get('mapname')) this.log.write(`Q;${client.playerId};${num};${client.name}`);
    return true;
  }

  /**
   * The match goes live on the current map with the clients on sides 1 and 2: the rest of the rotation
   * (from the current map) is played, one line at a time.
   */
  goLive(seed = this.options.seed ?? crypto.randomInt(1, 2 ** 31)): void {
    const current = this.dvars.get('mapname');
    if (!current) throw new Error('No map is loaded.');
    if (this.playback && !this.playback.finished) throw new Error('A match is already being played.');
    const rotation = rotationMaps(this.dvars.get('sv_mapRotation'));
    const from = rotation.indexOf(current);
    const maps = from === -1 ? [current] : rotation.slice(from);
    const players = [...this.clients.values()]
      .filter((c): c is EmulatedClient & { side: 1 | 2 } => c.side !== null)
      .map((c) => ({ guid: c.playerId, name: c.name, side: c.side }));
    this.results = null;
    // promod's `<mode>_A:D` (set for a map restored at its score): the first map resumes after A + D rounds.
    const restore = restoredScoreOf(this.dvars.get('promod_mode'));
    this.round = restore ? restore.attack + restore.defence : 0;
    this.playingMaps = maps;
    this.playback = new Playback(
      {
        seed,
        players,
        maps,
        roundsToWin: this.options.roundsToWin ?? roundsToWinOf(this.dvars.get('promod_mode')),
        restore,
      },
      this.msPerGameSecond,
      {
        onInit: (map) => {
          if (map !== this.dvars.get('mapname')) this.round = 0;
          this.dvars.set('mapname', map);
          this.writeInitGame();
        },
        onLine: (event) => {
          this.log.write(event);
          if (event.startsWith('ShutdownGame:')) this.media.mapEnded([...this.clients.values()]);
          this.creditKill(event);
          if (this.crashAfterRound !== null && this.round >= this.crashAfterRound && event.startsWith('K;')) {
            this.crash();
          }
        },
        onRoundEnd: (round) => {
          this.round = round;
          this.emit('round', round);
        },
        onFinished: (results) => {
          this.results = results;
          this.emit('finished', results);
        },
      },
    );
    this.emit('live', maps);
  }

  /** A `K;` line adds 1 to the attacker's score in `status` (enemy kills only). */
  private creditKill(event: string): void {
    const f = event.split(';');
    if (f[0] !== 'K' || f[3] === f[7]) return;
    for (const c of this.clients.values()) if (c.playerId === f[5]) c.score++;
  }

  /** Moves games_mp.log aside (logrotate); the next line starts a new file. */
  rotateLog(): void {
    this.log.rotate();
  }

  private writeInitGame(): void {
    this.log.write(`InitGame: ${this.dvars.infoString()}`);
  }

  private loadMap(map: string): string[] {
    if (!/^mp_\w+$/.test(map)) return [`Can't find map maps/mp/${map}.d3dbsp\n`];
    if (this.playback && !this.playback.finished) {
      this.playback.stop(); // an admin changing the map ends the match being played
      this.log.write('ShutdownGame:');
      this.media.mapEnded([...this.clients.values()]);
    } else if (this.dvars.get('mapname')) {
      this.log.write('ShutdownGame:');
      this.media.mapEnded([...this.clients.values()]);
    }
    this.dvars.set('mapname', map);
    this.round = 0;
    this.writeInitGame();
    this.emit('map', map);
    return [];
  }

  private handleDatagram(message: Buffer, remote: dgram.RemoteInfo): void {
    if (!this.online) return;
    const text = decodeOob(message);
    if (text === null) return;
    // MSG_ReadStringLine: the request is read up to a newline or NUL.
    const line = text.split(/[\n\0]/)[0] ?? '';
    const [command = '', ...args] = line.trim().split(/\s+/);
    const verb = command.toLowerCase();
    if (verb === 'getstatus' && this.allowQuery(remote)) this.send(remote, this.statusResponse(args[0]));
    else if (verb === 'getinfo' && this.allowQuery(remote)) this.send(remote, this.infoResponse(args[0]));
    else if (verb === 'rcon') this.remoteCommand(line, remote);
  }

  private allowQuery(remote: dgram.RemoteInfo): boolean {
    const limit = this.options.queryLimit;
    if (!limit) return true;
    const now = Date.now();
    const hits = (this.queryHits.get(remote.address) ?? []).filter((t) => now - t < limit.periodMs);
    if (hits.length >= limit.burst) return false;
    hits.push(now);
    this.queryHits.set(remote.address, hits);
    return true;
  }

  private statusResponse(challenge = ''): string {
    const extra: Record<string, string> = { challenge: challenge.slice(0, 128) };
    if (this.dvars.get('g_password')) extra.pswrd = '1';
    const players = [...this.clients.values()]
      .map((c) => `${c.score} ${c.ping} "${c.name.replace(/"/g, '')}"\n`)
      .join('');
    return `statusResponse\n${this.dvars.infoString(extra)}\n${players}`;
  }

  private infoResponse(challenge = ''): string {
    const pairs: Record<string, string> = {
      challenge: challenge.slice(0, 128),
      protocol: '6',
      hostname: this.dvars.get('sv_hostname'),
      mapname: this.dvars.get('mapname'),
      clients: String(this.clients.size),
      g_humanplayers: String(this.clients.size),
      sv_maxclients: this.dvars.get('sv_maxclients'),
      gametype: this.dvars.get('g_gametype'),
      pure: '1',
      shortversion: '1.8',
      pswrd: this.dvars.get('g_password') ? '1' : '0',
    };
    return `infoResponse\n${Object.entries(pairs)
      .map(([k, v]) => `\\${k}\\${v}`)
      .join('')}`;
  }

  /** SVC_RemoteCommand: password check, then the command's console output in `print` datagrams. */
  private remoteCommand(line: string, remote: dgram.RemoteInfo): void {
    // `rcon <password> <command...>`; a quoted password may hold spaces.
    const rest = line.replace(/^\s*rcon\s*/i, '');
    const quoted = /^"([^"]*)"\s*(.*)$/.exec(rest);
    const [password, command] = quoted
      ? [quoted[1] ?? '', quoted[2] ?? '']
      : [rest.split(' ')[0] ?? '', rest.split(' ').slice(1).join(' ').replace(/^\s+/, '')];
    const expected = this.dvars.get('rcon_password');
    if (password !== expected) {
      const now = Date.now();
      if (now - this.lastBadRcon < 100) return; // "Send only one deny answer out in 100 ms"
      this.lastBadRcon = now;
      this.print(remote, ['Bad rcon']);
      return;
    }
    if (expected.length < 8) {
      this.print(remote, ['No rconpassword set on server or password is shorter than 8 characters.\n']);
      return;
    }
    this.emit('rcon', command);
    this.print(remote, this.execute(command));
  }

  /** Runs one console command; returns its output as the console prints it (one entry per printf). */
  execute(commandLine: string): string[] {
    const args = tokenize(commandLine);
    const [name = '', ...rest] = args;
    switch (name.toLowerCase()) {
      case '':
        return [];
      case 'status':
        return [
          formatStatus({
            hostname: this.dvars.get('sv_hostname'),
            map: this.dvars.get('mapname'),
            address: `${this.options.host ?? '127.0.0.1'}:${this.port}`,
            clients: [...this.clients.values()].map((c) => ({
              num: c.num,
              score: c.score,
              ping: c.ping,
              playerId: c.playerId,
              name: c.name,
              lastMsg: 0,
              address: c.address,
              qport: 10000 + c.num,
              rate: 25000,
            })),
          }),
        ];
      case 'clientkick':
      case 'onlykick':
      case 'kick':
        return this.kick(rest);
      case 'map':
        return rest[0] ? this.loadMap(rest[0].toLowerCase()) : ['Usage: map <mapname>\n'];
      case 'map_rotate':
        return this.mapRotate();
      case 'fast_restart':
      case 'map_restart':
        if (!this.dvars.get('mapname')) return ['Server is not running.\n'];
        this.writeInitGame();
        return [];
      case 'getss':
        return this.media.getss(rest, [...this.clients.values()]);
      case 'set':
      case 'seta':
      case 'sets':
        if (!rest[0]) return [`USAGE: ${name} <variable> <value>\n`];
        this.dvars.set(rest[0], rest.slice(1).join(' '), name.toLowerCase() === 'sets');
        return [];
      default: {
        if (!this.dvars.has(name)) return [`Unknown command "${name}"\n`];
        if (rest.length === 0) return [this.dvars.describe(name) ?? ''];
        this.dvars.set(name, rest.join(' '));
        return [];
      }
    }
  }

  private kick(args: string[]): string[] {
    const handle = args[0];
    if (!handle) return ['Usage:\n', '\tkick <user> <reason>\n'];
    const reason = args.slice(1).join(' ') || 'The admin has no reason given';
    const targets =
      handle === 'all'
        ? [...this.clients.values()]
        : [...this.clients.values()].filter((c) =>
            /^\d+$/.test(handle) && Number(handle) < 64 ? c.num === Number(handle) : c.playerId === handle,
          );
    if (targets.length === 0) return ['Error: This player is not online\n'];
    return targets.map((c) => {
      this.clients.delete(c.num);
      this.kicks.push({ playerId: c.playerId, name: c.name });
      if (this.dvars.get('mapname')) this.log.write(`Q;${c.playerId};${c.num};${c.name}`);
      this.emit('kick', c);
      return `Player kicked: ${c.name} ^7id: ${c.playerId}\nReason: ${reason}\n`;
    });
  }

  private mapRotate(): string[] {
    const out = [
      'map_rotate...\n',
      `"sv_mapRotation" is: "${this.dvars.get('sv_mapRotation')}"\n\n`,
      `"sv_mapRotationCurrent" is: "${this.dvars.get('sv_mapRotationCurrent')}"\n\n`,
    ];
    let current = this.dvars.get('sv_mapRotationCurrent').trim();
    if (current === '') current = this.dvars.get('sv_mapRotation').trim();
    const maps = rotationMaps(current);
    const next = maps[0];
    if (!next) {
      out.push('"sv_mapRotation" is empty. Restarting current map\n');
      if (this.dvars.get('mapname')) this.writeInitGame();
      return out;
    }
    // Drop everything up to and including the first `map <name>` pair.
    const tokens = current.split(/\s+/);
    const at = tokens.findIndex((t, i) => t.toLowerCase() === 'map' && tokens[i + 1]?.toLowerCase() === next);
    this.dvars.set('sv_mapRotationCurrent', tokens.slice(at + 2).join(' '));
    return out.concat(this.loadMap(next));
  }

  /** Sends console output the way Com_BeginRedirect does: chunks of at most 1023 bytes, then a last flush. */
  private print(remote: dgram.RemoteInfo, messages: string[]): void {
    let buffer = '';
    for (const message of messages) {
      for (const piece of splitLong(message)) {
        if (buffer.length + piece.length > OUTPUT_CHUNK) {
          this.send(remote, `print\n${buffer}`);
          buffer = '';
        }
        buffer += piece;
      }
    }
    this.send(remote, `print\n${buffer}`);
  }

  private send(remote: dgram.RemoteInfo, text: string): void {
    this.socket?.send(encodeOob(text), remote.port, remote.address);
  }
}

/** Long printf output (a big `status`) is split at line ends, as CoD4x prints it one line at a time. */
function splitLong(message: string): string[] {
  if (message.length <= OUTPUT_CHUNK) return [message];
  return message.match(/[^\n]*\n|[^\n]+$/g) ?? [message];
}

/** Console tokenizing: spaces separate, double quotes group. */
function tokenize(line: string): string[] {
  const tokens: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line))) tokens.push(m[1] ?? m[2] ?? '');
  return tokens;
}

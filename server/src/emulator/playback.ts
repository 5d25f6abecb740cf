// A match played by the emulator: the log generator writes the whole match for the clients on the two
// sides and the maps of `sv_mapRotation` from the current one; the lines are then written to games_mp.log
// at the pace of their timestamps (scaled by the emulator's time scale), so rounds pass as on a real server.
import { generateMatchLog, type GeneratedMapResult } from '../modules/statistics/index.ts';

/** Rounds won before a restart: A by the side attacking in the next round, D by the defending side. */
export interface RestoredScore {
  attack: number;
  defence: number;
}

/** `match_mr12_7:5` → 7 attacking, 5 defending; null for a mode without a restore score. */
export function restoredScoreOf(promodMode: string): RestoredScore | null {
  const m = /_(\d{1,2}):(\d{1,2})$/.exec(promodMode.trim());
  return m ? { attack: Number(m[1]), defence: Number(m[2]) } : null;
}

export interface PlaybackPlayer {
  guid: string;
  name: string;
  side: 1 | 2;
}

export interface PlaybackEvents {
  /** A generated `InitGame:` line: the map loads (or reloads for the next round). */
  onInit(mapName: string): void;
  /** Any other line, without its timestamp. */
  onLine(event: string): void;
  onRoundEnd(round: number): void;
  onFinished(results: GeneratedMapResult[]): void;
}

interface ScheduledLine {
  at: number;
  event: string;
}

export class Playback {
  private readonly lines: ScheduledLine[];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private pausedAt: number | null = null;
  readonly results: GeneratedMapResult[];

  constructor(
    input: {
      seed: number;
      players: PlaybackPlayer[];
      maps: string[];
      roundsToWin: number;
      /** The first map starts at this score (promod's `<mode>_A:D`): A attacking, D defending rounds. */
      restore?: RestoredScore | null;
    },
    private readonly msPerGameSecond: number,
    private readonly events: PlaybackEvents,
    private startedAt = Date.now(),
  ) {
    const log = input.restore
      ? continuedMatchLog({ ...input, restore: input.restore })
      : generateMatchLog({
          seed: input.seed,
          challenger: input.players.filter((p) => p.side === 1),
          opponent: input.players.filter((p) => p.side === 2),
          maps: input.maps.map((nameCmd) => ({ nameCmd })),
          roundsToWin: input.roundsToWin,
        });
    this.results = log.results;
    this.lines = log.lines.map((line) => {
      const m = /^\s*(\d+):(\d{2}) (.*)$/.exec(line);
      return { at: (Number(m?.[1]) * 60 + Number(m?.[2])) * msPerGameSecond, event: m?.[3] ?? line };
    });
    this.schedule();
  }

  get finished(): boolean {
    return this.next >= this.lines.length;
  }

  /** Stops writing (the server went down); `resume` carries on where it stopped. */
  pause(): void {
    if (this.pausedAt !== null || this.finished) return;
    this.pausedAt = Date.now();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  resume(): void {
    if (this.pausedAt === null) return;
    this.startedAt += Date.now() - this.pausedAt;
    this.pausedAt = null;
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.next = this.lines.length;
  }

  private schedule(): void {
    if (this.finished || this.pausedAt !== null) return;
    const due = this.startedAt + (this.lines[this.next]?.at ?? 0);
    this.timer = setTimeout(() => this.flush(), Math.max(0, due - Date.now()));
  }

  private flush(): void {
    const now = Date.now();
    while (!this.finished && this.startedAt + (this.lines[this.next]?.at ?? 0) <= now) {
      const { event } = this.lines[this.next++] as ScheduledLine;
      const init = /^InitGame:.*\\mapname\\([^\\]+)/.exec(event);
      if (init) this.events.onInit(init[1] ?? '');
      else this.events.onLine(event);
      const round = /^RW;(\d+);/.exec(event);
      if (round) this.events.onRoundEnd(Number(round[1]));
    }
    if (this.finished) this.events.onFinished(this.results);
    else this.schedule();
  }
}

const SWAP: Record<string, string> = { allies: 'axis', axis: 'allies' };
const swapTeam = (team: string | undefined) => SWAP[team ?? ''] ?? team ?? '';

function stamp(seconds: number, event: string): string {
  return `${String(Math.floor(seconds / 60)).padStart(3)}:${String(seconds % 60).padStart(2, '0')} ${event}`;
}

function split(line: string): { at: number; event: string } {
  const m = /^\s*(\d+):(\d{2}) (.*)$/.exec(line);
  return { at: Number(m?.[1]) * 60 + Number(m?.[2]), event: m?.[3] ?? line };
}

/**
 * The match log when the first map resumes at a score, as promod plays `<mode>_A:D`: K = A + D rounds are
 * behind, so the first round played is K + 1, with the sides of its half (side 1 attacks in the first half,
 * side 2 after the switch; attackers are allies). The rest of the map is generated as a map of its own and
 * renumbered, its teams swapped where its half differs; the other maps follow as usual.
 */
export function continuedMatchLog(input: {
  seed: number;
  players: PlaybackPlayer[];
  maps: string[];
  roundsToWin: number;
  restore: RestoredScore;
}): { lines: string[]; results: GeneratedMapResult[] } {
  const r = input.roundsToWin;
  const kept = input.restore.attack + input.restore.defence;
  const firstHalf = kept + 1 < r;
  const keptOf = { 1: firstHalf ? input.restore.attack : input.restore.defence, 2: 0 };
  keptOf[2] = firstHalf ? input.restore.defence : input.restore.attack;
  const challenger = input.players.filter((p) => p.side === 1);
  const opponent = input.players.filter((p) => p.side === 2);
  const [first = 'mp_crash', ...rest] = input.maps;
  // The side ahead wins (side 1 on a tie); the loser takes fewer of the remaining rounds than the winner.
  const winner: 1 | 2 = keptOf[1] >= keptOf[2] ? 1 : 2;
  const loser: 1 | 2 = winner === 1 ? 2 : 1;
  const winnerLeft = Math.max(0, r - keptOf[winner]);
  const loserRoom = Math.max(0, Math.min(r - 1 - keptOf[loser], winnerLeft - 1));
  const loserLeft = loserRoom === 0 ? 0 : input.seed % (loserRoom + 1);
  const left = { [winner]: winnerLeft, [loser]: loserLeft } as Record<1 | 2, number>;
  const generated = generateMatchLog({
    seed: input.seed,
    challenger,
    opponent,
    maps: [{ nameCmd: first, challengerRounds: left[1], opponentRounds: left[2] }],
    roundsToWin: r,
  });
  const lines: string[] = [];
  const nums = new Map<string, { num: number; name: string; side: 1 | 2 }>();
  for (const p of input.players) nums.set(p.guid, { num: -1, name: p.name, side: p.side });
  let round = 1; // the generated map's round of the lines being read
  let last = 0;
  let switched = false;
  for (const line of generated.lines) {
    const { at, event } = split(line);
    last = at;
    const swap = (round < r ? 1 : 2) !== (round + kept < r ? 1 : 2);
    const f = event.split(';');
    if (f[0] === 'J' && nums.has(f[1] ?? '')) {
      const p = nums.get(f[1] ?? '');
      if (p) p.num = Number(f[2]);
    }
    if (swap && f[0] === 'JT') f[3] = swapTeam(f[3]);
    if (swap && (f[0] === 'K' || f[0] === 'D')) [f[3], f[7]] = [swapTeam(f[3]), swapTeam(f[7])];
    if (f[0] === 'RW') {
      if (swap) f[2] = swapTeam(f[2]);
      f[1] = String(round + kept);
    }
    lines.push(stamp(at, f.join(';')));
    // The real half time falls inside the generated map: the teams switch after its InitGame.
    if (!switched && round > 1 && round + kept === r && event.startsWith('InitGame:')) {
      switched = true;
      for (const [guid, p] of nums) {
        if (p.num < 0) continue;
        const team = p.side === 1 ? 'axis' : 'allies';
        lines.push(stamp(at, `JT;${guid};${p.num};${team};${p.name};`));
      }
    }
    if (f[0] === 'RW') round++;
  }
  const results: GeneratedMapResult[] = [
    { nameCmd: first, challengerRounds: keptOf[1] + left[1], opponentRounds: keptOf[2] + left[2] },
  ];
  if (rest.length > 0) {
    const others = generateMatchLog({
      seed: input.seed + 1,
      challenger,
      opponent,
      maps: rest.map((nameCmd) => ({ nameCmd })),
      roundsToWin: r,
    });
    for (const line of others.lines) {
      const { at, event } = split(line);
      lines.push(stamp(last + 10 + at, event));
    }
    results.push(...others.results);
  }
  return { lines, results };
}

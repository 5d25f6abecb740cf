// A match played by the emulator: the log generator writes the whole match for the clients on the two
// sides and the maps of `sv_mapRotation` from the current one; the lines are then written to games_mp.log
// at the pace of their timestamps (scaled by the emulator's time scale), so rounds pass as on a real server.
import { generateMatchLog, type GeneratedMapResult } from '../modules/statistics/index.ts';

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
    input: { seed: number; players: PlaybackPlayer[]; maps: string[]; roundsToWin: number },
    private readonly msPerGameSecond: number,
    private readonly events: PlaybackEvents,
    private startedAt = Date.now(),
  ) {
    const log = generateMatchLog({
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

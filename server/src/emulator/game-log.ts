// The emulator's `games_mp.log`: appended line by line as a CoD4 server does (g_log, g_logSync 1), each line
// stamped `m:ss` with the server's uptime. Rotation renames the file and starts a new one, as logrotate would.
import fs from 'node:fs';

export class GameLog {
  constructor(
    readonly path: string,
    /** Server uptime in (game) seconds. */
    private readonly uptime: () => number,
  ) {}

  write(event: string): void {
    const clock = Math.floor(this.uptime());
    const stamp = `${String(Math.floor(clock / 60)).padStart(3)}:${String(clock % 60).padStart(2, '0')}`;
    fs.appendFileSync(this.path, Buffer.from(`${stamp} ${event}\n`, 'latin1'));
  }

  /** Moves the current file to `<path>.1` (replacing an older one); the next line starts a new file. */
  rotate(): void {
    if (fs.existsSync(this.path)) fs.renameSync(this.path, `${this.path}.1`);
  }

  /** Empties the file in place (`copytruncate`). */
  truncate(): void {
    if (fs.existsSync(this.path)) fs.truncateSync(this.path, 0);
  }
}

// Follows games_mp.log the way `tail -F` does, by byte offset: complete lines only, a rotated file (renamed
// away, a new one at the path) is read to its end before the new one, and a file truncated in place
// (copytruncate) starts a new generation. CoD4 logs are latin1: one character per byte, so offsets and
// line lengths agree.
import crypto from 'node:crypto';
import fs from 'node:fs';

/** Where the agent is, kept on disk after each acknowledged batch. */
export interface TailPosition {
  fileKey: string;
  dev: number;
  ino: number;
  generation: number;
  offset: number;
}

export interface LogChunk {
  fileKey: string;
  startOffset: number;
  endOffset: number;
  lines: string[];
}

interface OpenFile {
  fd: number;
  dev: number;
  ino: number;
  generation: number;
  fileKey: string | null;
  offset: number;
}

export class LogTailer {
  private file: OpenFile | null = null;

  constructor(
    readonly path: string,
    private saved: TailPosition | null,
    private readonly limits = { maxLines: 2000, maxBytes: 512 * 1024 },
  ) {}

  /** The position to save once everything before `offset` is acknowledged. */
  position(): TailPosition | null {
    const f = this.file;
    if (!f?.fileKey) return this.saved;
    return { fileKey: f.fileKey, dev: f.dev, ino: f.ino, generation: f.generation, offset: f.offset };
  }

  /** Moves past an acknowledged chunk (or to the platform's acknowledged offset when it is further). */
  advance(chunk: LogChunk, ackOffset: number): void {
    const f = this.file;
    if (!f || f.fileKey !== chunk.fileKey) return;
    f.offset = Math.max(f.offset, chunk.endOffset, ackOffset);
  }

  close(): void {
    if (this.file) fs.closeSync(this.file.fd);
    this.file = null;
  }

  /** The next complete lines after the current offset, or null when there is nothing new yet. */
  next(): LogChunk | null {
    for (let attempt = 0; attempt < 3; attempt++) {
      const file = this.file ?? this.open();
      if (!file) return null;
      const size = fs.fstatSync(file.fd).size;
      if (size < file.offset) {
        // Truncated in place: same inode, new content from 0.
        this.restart(file, file.generation + 1);
        continue;
      }
      const chunk = this.read(file, size);
      if (chunk) return chunk;
      if (this.rotatedAway(file)) {
        // The old file is finished (a partial last line there will never be completed); follow the path.
        fs.closeSync(file.fd);
        this.file = null;
        this.saved = null;
        continue;
      }
      return null;
    }
    return null;
  }

  private read(file: OpenFile, size: number): LogChunk | null {
    if (size <= file.offset) return null;
    const length = Math.min(size - file.offset, this.limits.maxBytes);
    const buffer = Buffer.alloc(length);
    const bytes = fs.readSync(file.fd, buffer, 0, length, file.offset);
    const text = buffer.subarray(0, bytes).toString('latin1');
    let end = text.lastIndexOf('\n');
    if (end === -1) return null;
    let lines = text.slice(0, end).split('\n');
    if (lines.length > this.limits.maxLines) {
      lines = lines.slice(0, this.limits.maxLines);
      end = lines.reduce((sum, l) => sum + l.length + 1, 0) - 1;
    }
    file.fileKey ??= this.keyOf(file, lines[0] ?? '');
    return { fileKey: file.fileKey, startOffset: file.offset, endOffset: file.offset + end + 1, lines };
  }

  /**
   * A file generation's key: its device, inode, birth time, truncation count and first line. The same file
   * always gets the same key, so an agent that lost its state file re-sends under the same key and the
   * platform answers with what it already has.
   */
  private keyOf(file: OpenFile, firstLine: string): string {
    const st = fs.fstatSync(file.fd);
    return crypto
      .createHash('sha1')
      .update(`${file.dev}:${file.ino}:${Math.floor(st.birthtimeMs)}:${file.generation}:${firstLine}`)
      .digest('hex');
  }

  private restart(file: OpenFile, generation: number): void {
    file.generation = generation;
    file.fileKey = null;
    file.offset = 0;
  }

  private rotatedAway(file: OpenFile): boolean {
    try {
      const st = fs.statSync(this.path);
      return st.ino !== file.ino || st.dev !== file.dev;
    } catch {
      return false; // nothing at the path yet: keep reading the old file
    }
  }

  /** Opens where the saved position points (the path, or its rotated copy `.1`), else the path anew. */
  private open(): OpenFile | null {
    const saved = this.saved;
    if (saved) {
      for (const candidate of [this.path, `${this.path}.1`]) {
        const fd = openOrNull(candidate);
        if (fd === null) continue;
        const st = fs.fstatSync(fd);
        if (st.ino === saved.ino && st.dev === saved.dev) {
          this.file = { fd, ...saved, dev: st.dev, ino: st.ino };
          return this.file;
        }
        fs.closeSync(fd);
      }
      this.saved = null;
    }
    const fd = openOrNull(this.path);
    if (fd === null) return null;
    const st = fs.fstatSync(fd);
    this.file = { fd, dev: st.dev, ino: st.ino, generation: 0, fileKey: null, offset: 0 };
    return this.file;
  }
}

function openOrNull(path: string): number | null {
  try {
    return fs.openSync(path, 'r');
  } catch {
    return null;
  }
}

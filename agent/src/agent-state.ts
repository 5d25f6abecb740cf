// The agent's position on disk: written to a temporary file, flushed and renamed over the old one, so a
// crash at any moment leaves either the old or the new position, never a torn file.
import fs from 'node:fs';
import type { TailPosition } from './log-tailer.ts';

export function loadPosition(file: string): TailPosition | null {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<TailPosition>;
    if (
      typeof value.fileKey === 'string' &&
      typeof value.dev === 'number' &&
      typeof value.ino === 'number' &&
      typeof value.generation === 'number' &&
      typeof value.offset === 'number'
    ) {
      return value as TailPosition;
    }
  } catch {
    // missing or unreadable: start from the beginning of the current file (the platform skips duplicates)
  }
  return null;
}

export function savePosition(file: string, position: TailPosition): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, JSON.stringify(position));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, type FileStorage, type StoredFile } from './storage.ts';

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

// While a backup copies the uploads (after its database copy), a file whose row the copied database still
// holds must not disappear: deletions wait until every hold is released (server/src/backup/).
let holds = 0;
let deferred: string[] = [];

/** Defers every file deletion of this process until the returned release is called. */
export function holdFileDeletions(): () => Promise<void> {
  holds += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds > 0) return;
    const due = deferred;
    deferred = [];
    for (const file of due) await fs.rm(file, { force: true });
  };
}

/**
 * Files under one folder (default `DATA_DIR/uploads`), served by the app at `<publicPrefix>/<key>`. Writes go
 * to a temporary file first and are renamed into place, so a reader never sees half a file.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly publicPrefix = '/uploads',
  ) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, target);
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const bytes = await fs.readFile(this.pathOf(key));
      return { bytes, contentType: TYPES[path.extname(key)] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (holds > 0) deferred.push(file);
    else await fs.rm(file, { force: true });
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.publicPrefix}/${key}`;
  }
}

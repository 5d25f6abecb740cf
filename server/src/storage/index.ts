import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk.storage.ts';

export { holdFileDeletions } from './local-disk.storage.ts';
import type { FileStorage } from './storage.ts';

export type { FileStorage, StoredFile } from './storage.ts';

/** The configured file storage (only the local disk ships; see `storage.ts` for an S3-compatible one). */
export function createStorage(config: Pick<Config, 'dataDir'>): FileStorage {
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}

// Where uploaded files live. The default keeps them on the local disk under `DATA_DIR/uploads`; an
// S3-compatible store implements the same four calls (docs/statistics.md: put = PutObject with
// ContentType, get = GetObject, delete = DeleteObject, url = the public bucket/CDN URL of the key or a
// presigned GET URL).

/** A stored file's bytes and content type. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface FileStorage {
  /** Writes (or replaces) the file at `key` (`screenshots/<random>.png`; letters, digits, `-_./` only). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads the file from. */
  url(key: string): string;
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]{1,8}$/;

/** Keys are relative paths of safe segments: no `..`, no absolute paths, no empty segments. */
export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.length > 200) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function isValidKey(key: string): boolean {
  return KEY.test(key) && key.length <= 200;
}

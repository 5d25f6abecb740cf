import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.storage.ts';

describe('LocalDiskStorage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'versus-storage-'));
  const storage = new LocalDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, gets, serves and deletes a file', async () => {
    await storage.put('screenshots/abc_DEF-1.png', Buffer.from('png bytes'), 'image/png');
    expect(await storage.get('screenshots/abc_DEF-1.png')).toEqual({
      bytes: Buffer.from('png bytes'),
      contentType: 'image/png',
    });
    expect(storage.url('screenshots/abc_DEF-1.png')).toBe('/uploads/screenshots/abc_DEF-1.png');
    await storage.delete('screenshots/abc_DEF-1.png');
    expect(await storage.get('screenshots/abc_DEF-1.png')).toBeNull();
    await storage.delete('screenshots/abc_DEF-1.png');
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x.png', '/etc/passwd.png', 'a//b.png', 'a/../b.png', 'a\\b.png', 'noext']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid storage key/);
    }
  });
});

// `npm start` and `npm run start:prod` run the server with glibc's MALLOC_MMAP_THRESHOLD_ at 128 KB, unless the
// caller set one (docs/benchmarks.md, memory): each script's command line, run by the shell as npm runs it, with the
// server replaced by `printenv`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const scripts = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

function thresholdSeen(script: string, env: NodeJS.ProcessEnv): string {
  const line = (scripts[script] ?? '').replace(/\bnode\b.*$/, 'printenv MALLOC_MMAP_THRESHOLD_ || true');
  return execFileSync('sh', ['-c', line], { env }).toString().trim();
}

describe('the start scripts', () => {
  const bare: NodeJS.ProcessEnv = { ...process.env };
  delete bare.MALLOC_MMAP_THRESHOLD_;

  it.each(['start', 'start:prod'])(
    '%s gives the server a 128 KB mmap threshold, or the one the caller set',
    (name) => {
      expect(thresholdSeen(name, bare)).toBe('131072');
      expect(thresholdSeen(name, { ...bare, MALLOC_MMAP_THRESHOLD_: '65536' })).toBe('65536');
    },
  );
});

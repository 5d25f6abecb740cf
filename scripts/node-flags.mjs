// The flags node is given on every start of the server, kept in one place: `npm start`'s command in the root
// package.json. `npm run start:prod` and deploy/systemd/versus@.service repeat them (scripts/node-flags.test.ts
// checks they agree); the browser tests, the deployment tests and the benchmarks read them here, so their app
// processes start as `npm start` does.
//
// --max-semi-space-size=4: V8's young generation in 4 MB semi-spaces instead of 16. V8 sizes it when the process
// starts (hence a flag, not a setting read later). It keeps the server's memory lower and level after a burst of
// traffic (bench/memory: 429 against 504 MB after the tournament night, 396 against 386-403 MB after the rounds),
// at no cost the API benchmark could measure (docs/benchmarks.md#memory).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The flags between `node` and the script in a `node … script` command line. */
export function flagsOf(command) {
  const words = command.trim().split(/\s+/);
  const start = words.indexOf('node');
  if (start === -1) throw new Error(`no node in ${command}`);
  const flags = [];
  for (const word of words.slice(start + 1)) {
    if (!word.startsWith('--')) break;
    flags.push(word);
  }
  return flags;
}

/** `npm start`'s node flags that shape the process (`--conditions` is the compiled start's own, not one of them). */
export function nodeFlags() {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return flagsOf(manifest.scripts.start);
}

// Bundles each command of the agent into one JavaScript file with no dependency (dist/versus-agent.mjs,
// dist/versus-upload.mjs), so a game host needs only Node.js and the two files (docs/deploy.md#the-log-agent).
// esbuild is the bundler Vite and tsx already bring.
import { build } from 'esbuild';
import path from 'node:path';

const here = import.meta.dirname;
for (const [name, entry] of [
  ['versus-agent', 'src/cli.ts'],
  ['versus-upload', 'src/upload-cli.ts'],
]) {
  await build({
    entryPoints: [path.join(here, entry)],
    outfile: path.join(here, 'dist', `${name}.mjs`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    logLevel: 'warning',
  });
}

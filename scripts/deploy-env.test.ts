// deploy/versus.env.example names every setting the server reads (docs/deploy.md#the-environment-file): a new
// variable in server/src must get a line there, set or commented out at its default (`# NAME=`).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, variablesIn, variablesLoadConfigReads } from './docs/check-settings.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('deploy/versus.env.example', () => {
  it('lists every variable the server reads, and nothing the server does not read', () => {
    const read = new Set(variablesLoadConfigReads());
    for (const file of sourceFiles(root, 'server/src'))
      for (const name of variablesIn(fs.readFileSync(path.join(root, file), 'utf8'))) read.add(name);
    const template = fs.readFileSync(path.join(root, 'deploy/versus.env.example'), 'utf8');
    const listed = new Set([...template.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
    expect([...listed].filter((name) => name !== undefined && !read.has(name)).sort()).toEqual([]);
  });
});

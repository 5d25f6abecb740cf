// Checks that the documentation names every environment variable the code reads, and reads every one it
// names: the server's and the log agent's settings in docs/configuration.md, the benchmarks' in
// docs/benchmarks.md, the browser stories' in docs/testing.md (docs/README.md, "How the docs stay true").
import fs from 'node:fs';
import path from 'node:path';
import type { Tokens } from 'marked';
import { loadConfig } from '../../server/src/config.ts';
import { eachToken } from './check-docs.ts';

/** Where variables are read, and the document that must name each of them. */
export const SETTING_HOMES = [
  { sources: ['server/src', 'agent/src'], doc: 'docs/configuration.md' },
  { sources: ['bench'], doc: 'docs/benchmarks.md' },
  { sources: ['e2e/support'], doc: 'docs/testing.md' },
] as const;

/** Set by npm itself for every script, never by a person. */
const NOT_SETTINGS = new Set(['INIT_CWD']);

/** `env.NAME` or `env['NAME']`, not followed by an assignment (a tool setting a variable for a child). */
const READ = /\benv(?:\.([A-Z][A-Z0-9_]*)(?![\w$])|\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\])(?!\s*=(?!=))/g;

/** Source files under a folder, tests and test helpers left out (they set variables, they are not settings). */
export function sourceFiles(root: string, folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'test', 'test-support'].includes(entry.name)) walk(relative);
      } else if (
        /\.(?:ts|tsx|mts|mjs|js)$/.test(entry.name) &&
        !/(\.test\.|^testing\.ts$)/.test(entry.name)
      ) {
        out.push(relative);
      }
    }
  };
  walk(folder);
  return out;
}

/** The variables a source text reads by name (`process.env.PORT`, `env.PORT`, `env['PORT']`). */
export function variablesIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(READ)) {
    const name = m[1] ?? m[2];
    if (name && !NOT_SETTINGS.has(name)) found.add(name);
  }
  return found;
}

/**
 * The variables `loadConfig` asks for, including those whose names it builds (`RATE_LIMIT_<NAME>`): it is
 * run on an environment that records every name read (as a test run, so it writes no credentials file).
 */
export function variablesLoadConfigReads(): Set<string> {
  const seen = new Set<string>();
  const recorded: NodeJS.ProcessEnv = { NODE_ENV: 'test' };
  const env = new Proxy(recorded, {
    get(target, key) {
      if (typeof key === 'string') seen.add(key);
      return target[key as string];
    },
  });
  loadConfig(env);
  return seen;
}

/** Every `NAME` in a code span of a document. */
export function namedVariables(markdown: string): Set<string> {
  const names = new Set<string>();
  eachToken(markdown, (token) => {
    if (token.type !== 'codespan') return;
    const text = (token as Tokens.Codespan).text.trim().replace(/=.*$/, '');
    // glibc's tunables end in an underscore (`MALLOC_MMAP_THRESHOLD_`).
    if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_?$/.test(text)) names.add(text);
  });
  return names;
}

/** The variables in the first column of a document's tables: the settings it lists. */
export function listedVariables(markdown: string): Set<string> {
  const names = new Set<string>();
  eachToken(markdown, (token) => {
    if (token.type !== 'table') return;
    for (const row of (token as Tokens.Table).rows) {
      for (const cellToken of row[0]?.tokens ?? []) {
        if (cellToken.type !== 'codespan') continue;
        const { text } = cellToken as Tokens.Codespan;
        if (/^[A-Z][A-Z0-9_]*$/.test(text)) names.add(text);
      }
    }
  });
  return names;
}

export interface SettingProblem {
  doc: string;
  message: string;
}

/** Variables read but not named in their document, and listed settings nothing reads. */
export function checkSettings(root: string): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const readAnywhere = new Set(variablesLoadConfigReads());
  for (const folder of ['common', 'server', 'web/src', 'agent', 'e2e', 'bench', 'scripts']) {
    for (const file of sourceFilesWithTests(root, folder)) {
      for (const name of variablesIn(fs.readFileSync(path.join(root, file), 'utf8'))) readAnywhere.add(name);
    }
  }
  for (const home of SETTING_HOMES) {
    const text = fs.existsSync(path.join(root, home.doc))
      ? fs.readFileSync(path.join(root, home.doc), 'utf8')
      : '';
    const named = namedVariables(text);
    const read = new Set<string>();
    if (home.doc === 'docs/configuration.md') for (const name of variablesLoadConfigReads()) read.add(name);
    for (const folder of home.sources) {
      for (const file of sourceFiles(root, folder)) {
        for (const name of variablesIn(fs.readFileSync(path.join(root, file), 'utf8'))) read.add(name);
      }
    }
    for (const name of [...read].sort()) {
      if (!named.has(name)) {
        problems.push({
          doc: home.doc,
          message: `${name} is read by the code (${home.sources.join(', ')}) but not named`,
        });
      }
    }
    for (const name of [...listedVariables(text)].sort()) {
      if (!readAnywhere.has(name))
        problems.push({ doc: home.doc, message: `${name} is listed but nothing reads it` });
    }
  }
  return problems;
}

/** Every source file under a folder, tests included (for "is this variable read anywhere"). */
function sourceFilesWithTests(root: string, folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(root, dir))) return;
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist'].includes(entry.name)) walk(relative);
      } else if (/\.(?:ts|tsx|mts|mjs|js)$/.test(entry.name)) out.push(relative);
    }
  };
  walk(folder);
  return out;
}

// The documentation tells the truth about the repository: README.md, docs/ and bench/results/ link only to
// files and headings that exist, name only paths that exist, every `file:function` step of a guided tour
// (docs/game-servers.md, docs/architecture.md once it is written) names a function its file declares, and
// every environment variable the code reads is documented (docs/README.md, "How the docs stay true").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkDocument,
  checkDocumentation,
  declares,
  documentationFiles,
  headingAnchors,
  type Repository,
} from './docs/check-docs.ts';
import {
  checkSettings,
  listedVariables,
  namedVariables,
  variablesIn,
  variablesLoadConfigReads,
} from './docs/check-settings.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Pages still to be written: links to them count as good until they land. */
const PENDING_PAGES: string[] = [];

describe('the documentation', () => {
  it('reads the README, every page of docs/ and the benchmark results', () => {
    const files = documentationFiles(root);
    expect(files).toContain('README.md');
    expect(files).toContain('docs/README.md');
    expect(files).toContain('docs/game-servers.md');
    expect(files.some((f) => f.startsWith('docs/decisions/'))).toBe(true);
    expect(files.some((f) => f.startsWith('bench/results/'))).toBe(true);
  });

  it('links only to files and headings that exist, and names only paths and functions that exist', () => {
    const problems = checkDocumentation(root, { pending: PENDING_PAGES }).map(
      (p) => `${p.file}:${p.line}: ${p.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('names every environment variable the server, the agent, the benchmarks and the stories read', () => {
    const problems = checkSettings(root).map((p) => `${p.doc}: ${p.message}`);
    expect(problems).toEqual([]);
  });

  it('keeps the two commands in the README', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    expect(readme.split('\n').length).toBeLessThan(200);
  });

  it('walks the game log from the agent to the browser in file:function steps', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(path.join(root, 'docs/game-servers.md'), 'utf8');
    const steps = [...text.matchAll(/`((?:[\w.@-]+\/)+[\w.@-]+\.tsx?):([\w$.]+)`/g)].map((m) => m[1]);
    expect(steps).toContain('agent/src/log-tailer.ts');
    expect(steps).toContain('web/src/features/match/components/server/live-score.tsx');
  });
});

/** A repository held in memory, for documents that are wrong on purpose. */
function fakeRepository(files: Record<string, string>, folders: string[] = []): Repository {
  return {
    read: (p) => files[p] ?? null,
    exists: (p) => p in files || folders.includes(p),
  };
}

describe('the checker', () => {
  const source = [
    'export function buildApp() {}',
    'export class Runner {',
    '  private async decide(x: number): Promise<void> {}',
    '  readonly publish = async () => {};',
    '}',
    'const helper = (a: number) => a;',
    'export { helper };',
  ].join('\n');

  it('accepts links, anchors, paths and steps that exist', () => {
    const repo = fakeRepository(
      {
        'docs/a.md': [
          '# Title',
          'See [b](b.md#the-log-agent), [same page](#title), [folder](../server/) and [site](https://example.org).',
          'Code: `server/src/app.ts`, `server/src/`, `server/src/{a,b}.ts`, `web/dist/index.html`.',
          '1. `server/src/app.ts:buildApp`',
          '2. `server/src/app.ts:Runner.decide`, then `server/src/app.ts:Runner.publish()` and `server/src/app.ts:helper`',
          '```sh',
          '[not a link](nowhere.md) `server/src/missing.ts:nothing`',
          '```',
        ].join('\n'),
        'docs/b.md': '# B\n\n## The `log` agent\n',
        'server/src/app.ts': source,
      },
      ['server', 'server/src'],
    );
    expect(checkDocument('docs/a.md', repo)).toEqual([]);
  });

  it('reports a link to a missing file, a missing heading and a link out of the repository', () => {
    const repo = fakeRepository({
      'docs/a.md': '# A\n\n[gone](gone.md) [anchor](b.md#nowhere) [here](#no-such) [out](../../etc/passwd)\n',
      'docs/b.md': '# B\n',
    });
    expect(checkDocument('docs/a.md', repo).map((p) => p.message)).toEqual([
      'link "gone.md" points at docs/gone.md, which does not exist',
      'link "b.md#nowhere": docs/b.md has no heading "#nowhere"',
      'link "#no-such": docs/a.md has no heading "#no-such"',
      'link "../../etc/passwd" leaves the repository',
    ]);
  });

  it('reports a step whose file or function does not exist, and a path that does not exist', () => {
    const repo = fakeRepository({
      'docs/tour.md': [
        '# Tour',
        '1. `server/src/app.ts:buildApp`',
        '2. `server/src/app.ts:startServer`',
        '3. `server/src/gone.ts:buildApp`',
        '4. `web/.../map-card.tsx:MapCard`',
        '5. `server/src/app.ts:Runner.vanish`',
        'Also `server/src/routes/` and `common/src/match/decide.ts`.',
      ].join('\n'),
      'server/src/app.ts': source,
    });
    expect(checkDocument('docs/tour.md', repo).map((p) => p.message)).toEqual([
      'step "server/src/app.ts:startServer": server/src/app.ts declares no startServer',
      'step "server/src/gone.ts:buildApp": server/src/gone.ts does not exist',
      'step "web/.../map-card.tsx:MapCard": web/.../map-card.tsx does not exist',
      'step "server/src/app.ts:Runner.vanish": server/src/app.ts declares no vanish',
      'path "server/src/routes/" does not exist',
      'path "common/src/match/decide.ts" does not exist',
    ]);
  });

  it('accepts a link to a page still being written, and checks it once it exists', () => {
    const doc = { 'docs/a.md': '# A\n\n[engine](engine.md) [turn](engine.md#a-veto-turn)\n' };
    const pending = { pending: ['docs/engine.md'] };
    expect(checkDocument('docs/a.md', fakeRepository(doc), pending)).toEqual([]);
    const written = fakeRepository({ ...doc, 'docs/engine.md': '# Engine\n\n## The runner\n' });
    expect(checkDocument('docs/a.md', written, pending).map((p) => p.message)).toEqual([
      'link "engine.md#a-veto-turn": docs/engine.md has no heading "#a-veto-turn"',
    ]);
    expect(checkDocument('docs/a.md', fakeRepository(doc)).map((p) => p.message)).toEqual([
      'link "engine.md" points at docs/engine.md, which does not exist',
      'link "engine.md#a-veto-turn" points at docs/engine.md, which does not exist',
    ]);
  });

  it('finds declarations, not mere mentions', () => {
    expect(declares(source, 'buildApp')).toBe(true);
    expect(declares(source, 'decide')).toBe(true);
    expect(declares(source, 'publish')).toBe(true);
    expect(declares(source, 'helper')).toBe(true);
    expect(declares('// call buildApp() here\nconst x = buildApp();', 'buildApp')).toBe(false);
  });

  it('slugs headings as GitHub does', () => {
    const anchors = headingAnchors(
      '# Log agent\n## `npm start` and `npm test`\n## Log agent\n### Identity you can trust\n',
    );
    expect([...anchors]).toEqual([
      'log-agent',
      'npm-start-and-npm-test',
      'log-agent-1',
      'identity-you-can-trust',
    ]);
  });

  it('tells the variables a page lists from those it only mentions', () => {
    const page =
      '| Variable | Default |\n| --- | --- |\n| `PORT`, `HOST` | `3000` |\n\nSee `REDIS_URL=redis://x`.\n';
    expect([...listedVariables(page)]).toEqual(['PORT', 'HOST']);
    expect([...namedVariables(page)]).toEqual(['PORT', 'HOST', 'REDIS_URL']);
  });

  it('reads the variables a source reads, not those it sets for a child process', () => {
    const source = [
      "const port = process.env.PORT ?? '3000';",
      "const key = env['PUSHER_KEY'];",
      "process.env.TEST_DB = 'postgres';",
      "if (env.NODE_ENV === 'production') {}",
      'const url = process.env.INIT_CWD;',
    ].join('\n');
    expect([...variablesIn(source)].sort()).toEqual(['NODE_ENV', 'PORT', 'PUSHER_KEY']);
  });

  it('knows the variables the server builds its names for', () => {
    const read = variablesLoadConfigReads();
    expect(read).toContain('RATE_LIMIT_PASSWORD_RESET');
    expect(read).toContain('GAME_SERVER_PROVIDER');
  });
});

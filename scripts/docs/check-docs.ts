// Checks the Markdown documentation against the repository (docs/README.md, "How the docs stay true"):
// relative links must reach a file or folder, and a heading when they name one (`file.md#anchor`); every
// code span that names a repository path (`server/src/app.ts`) must name one that exists; every
// `file:function` step of a guided tour (`server/src/app.ts:buildApp`) must name a file that exists and a
// function, class, method or constant declared in it. Pure over a file reader, so tests can feed it
// Markdown that is wrong on purpose.
import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, marked, type Token, type Tokens } from 'marked';

/** One thing a document says that is not so. */
export interface DocProblem {
  /** The document, relative to the repository root. */
  file: string;
  line: number;
  message: string;
}

/** What the checker may ask of the repository (the real one, or a fake in tests). */
export interface Repository {
  /** The text of a file, relative to the root; null when there is no such file. */
  read(relativePath: string): string | null;
  /** Whether a file or folder exists, relative to the root. */
  exists(relativePath: string): boolean;
}

/** The repository on disk under `root`. */
export function diskRepository(root: string): Repository {
  return {
    read(relativePath) {
      try {
        return fs.readFileSync(path.join(root, relativePath), 'utf8');
      } catch {
        return null;
      }
    },
    exists: (relativePath) => fs.existsSync(path.join(root, relativePath)),
  };
}

/** README.md, every Markdown file under docs/, and the dated benchmark results, relative to `root`. */
export function documentationFiles(root: string): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) return;
    for (const entry of fs
      .readdirSync(full, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) found.push(relative);
    }
  };
  walk('docs');
  walk('bench/results');
  return found;
}

/** Top-level folders whose paths a code span may name; anything else in backticks is not a path. */
const REPOSITORY_ROOTS = ['common', 'server', 'web', 'agent', 'e2e', 'bench', 'scripts', 'docs', '.ci'];
/** Paths that exist only after a build or a run (ignored by git), so a document may name them. */
const GENERATED = [
  /^web\/dist(\/|$)/,
  // `npm run build` writes each workspace's compiled JavaScript there (docs/deploy.md).
  /^(common|agent|server)\/dist(\/|$)/,
  /^e2e\/screenshots(\/|$)/,
  /(^|\/)node_modules(\/|$)/,
  /(^|\/)data(\/|$)/,
];
/** Placeholders and globs (`{id}`, `<name>`, `*.ts`, `...`) name a family of paths, not one to check. */
const PLACEHOLDER = /[{}<>*…$]|\.\.\.|\s/;

/** `path/to/file.ts:name`, `path/to/file.ts:Class.method`, optionally with `()`. */
const TOUR_STEP =
  /^((?:[\w.@-]+\/)+[\w.@-]+\.(?:ts|tsx|mts|cts|js|mjs|cjs)):([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\(\))?$/;

/** Visits every token of a document, nested ones (list items, table cells, link text) included. */
export function eachToken(markdown: string, visit: (token: Token) => void): void {
  // walkTokens calls back synchronously; its array holds the callbacks' results, none of them a promise here.
  void marked.walkTokens(Lexer.lex(markdown), visit);
}

/** The GitHub anchors of a document's headings (`## Log agent` -> `log-agent`), plus explicit `id`s. */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  eachToken(markdown, (token) => {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
    if (token.type === 'html' || token.type === 'paragraph' || token.type === 'text') {
      for (const m of token.raw.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) if (m[1]) anchors.add(m[1]);
    }
  });
  return anchors;
}

/** The text a heading shows, as GitHub slugs it: code and link text kept, markup dropped. */
function plainText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) => {
      if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length > 0) return plainText(t.tokens);
      return 'text' in t && typeof t.text === 'string' ? t.text : '';
    })
    .join('');
}

interface Found {
  value: string;
  line: number;
}

/** Every link target and every code span outside code blocks, with the line it is on. */
export function linksAndCodeSpans(markdown: string): { links: Found[]; codeSpans: Found[] } {
  const links: Found[] = [];
  const codeSpans: Found[] = [];
  const lineOf = (raw: string) => {
    const at = markdown.indexOf(raw);
    return at < 0 ? 0 : markdown.slice(0, at).split('\n').length;
  };
  eachToken(markdown, (token) => {
    if (token.type === 'link' || token.type === 'image') {
      links.push({ value: (token as Tokens.Link).href, line: lineOf(token.raw) });
    } else if (token.type === 'codespan') {
      codeSpans.push({ value: (token as Tokens.Codespan).text.trim(), line: lineOf(token.raw) });
    }
  });
  return { links, codeSpans };
}

/**
 * Whether `name` is declared in a source text: a function, class, interface, type, enum, variable, a
 * method or property of a class or object, or a named export.
 */
export function declares(source: string, name: string): boolean {
  const n = name.replace(/\$/g, '\\$');
  const patterns = [
    `\\bfunction\\s*\\*?\\s*${n}\\b`,
    `\\b(?:const|let|var|class|interface|type|enum|namespace)\\s+${n}\\b`,
    // A method: `name(`, `async name(`, `private async name<T>(`, `get name(`.
    `^\\s*(?:(?:export|public|private|protected|static|readonly|override|abstract|async|get|set)\\s+)*\\*?${n}\\s*(?:<[^>\\n]*>)?\\s*\\(`,
    // A property holding a function or a value: `name: (…) =>`, `name = async (`, `name: function`.
    `^\\s*(?:(?:public|private|protected|static|readonly|override)\\s+)*${n}\\s*[:=]`,
    `\\bexport\\s*\\{[^}]*\\b${n}\\b[^}]*\\}`,
  ];
  return patterns.some((p) => new RegExp(p, 'm').test(source));
}

/** A code span that names a path of the repository (`server/src/app.ts`, `docs/`), else null. */
export function repositoryPath(span: string): string | null {
  const withoutLine = span.replace(/:\d+(?:-\d+)?$/, '');
  const first = withoutLine.split('/')[0] ?? '';
  if (!withoutLine.includes('/') || !REPOSITORY_ROOTS.includes(first)) return null;
  if (PLACEHOLDER.test(withoutLine) || withoutLine.includes(':')) return null;
  if (GENERATED.some((g) => g.test(withoutLine))) return null;
  return withoutLine.replace(/\/+$/, '');
}

/** What a check accepts besides the repository as it is. */
export interface CheckOptions {
  /**
   * Pages being written on another branch: a link to one is accepted while it does not exist, and checked like any
   * other (its headings, its tour) once it does.
   */
  pending?: readonly string[];
}

/** Everything wrong with one document. */
export function checkDocument(file: string, repo: Repository, options: CheckOptions = {}): DocProblem[] {
  const markdown = repo.read(file);
  if (markdown === null) return [{ file, line: 0, message: 'the document does not exist' }];
  const problems: DocProblem[] = [];
  const dir = path.posix.dirname(file);
  const { links, codeSpans } = linksAndCodeSpans(markdown);
  const anchorsOf = new Map<string, Set<string> | null>();
  const anchors = (target: string) => {
    if (!anchorsOf.has(target)) {
      const text = repo.read(target);
      anchorsOf.set(target, text === null ? null : headingAnchors(text));
    }
    return anchorsOf.get(target) ?? null;
  };

  for (const { value, line } of links) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) continue; // https:, mailto: ...
    const [rawTarget = '', rawAnchor] = value.split('#', 2);
    const target = decodeURIComponent(rawTarget);
    const joined = target.startsWith('/') ? target.slice(1) : path.posix.join(dir, target);
    const resolved = target === '' ? file : path.posix.normalize(joined).replace(/\/+$/, '');
    if (resolved.startsWith('..')) {
      problems.push({ file, line, message: `link "${value}" leaves the repository` });
      continue;
    }
    if (!repo.exists(resolved)) {
      if (options.pending?.includes(resolved)) continue;
      problems.push({ file, line, message: `link "${value}" points at ${resolved}, which does not exist` });
      continue;
    }
    if (rawAnchor !== undefined && rawAnchor !== '') {
      if (!resolved.endsWith('.md')) continue; // GitHub's line anchors (#L10) on source files
      const known = anchors(resolved);
      const anchor = decodeURIComponent(rawAnchor).toLowerCase();
      if (known && !known.has(anchor)) {
        problems.push({ file, line, message: `link "${value}": ${resolved} has no heading "#${anchor}"` });
      }
    }
  }

  for (const { value, line } of codeSpans) {
    const step = TOUR_STEP.exec(value);
    if (step) {
      const [, source = '', name = ''] = step;
      const text = repo.read(source);
      if (text === null) {
        problems.push({ file, line, message: `step "${value}": ${source} does not exist` });
        continue;
      }
      const missing = name.split('.').filter((part) => !declares(text, part));
      if (missing.length > 0) {
        problems.push({
          file,
          line,
          message: `step "${value}": ${source} declares no ${missing.join(', ')}`,
        });
      }
      continue;
    }
    const named = repositoryPath(value);
    if (named !== null && !repo.exists(named)) {
      problems.push({ file, line, message: `path "${value}" does not exist` });
    }
  }
  return problems;
}

/** Every problem of every document. */
export function checkDocumentation(
  root: string,
  options: CheckOptions = {},
  repo: Repository = diskRepository(root),
): DocProblem[] {
  return documentationFiles(root).flatMap((file) => checkDocument(file, repo, options));
}

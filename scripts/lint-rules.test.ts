// The lint rule against bare status numbers (eslint.config.js, `statusLiteralRules`): what it refuses and
// what it lets through, so a change to its selectors cannot silently stop catching a case.
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { statusLiteralRules } from '../eslint.config.js';

const linter = new Linter({ configType: 'flat' });
const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: { 'no-restricted-syntax': ['error', ...statusLiteralRules()] },
  },
];

/** How many bare status numbers the rule finds in `code`. */
const hits = (code: string): number => linter.verify(code, config, { filename: 'probe.ts' }).length;

describe('no bare status numbers', () => {
  it.each([
    ['a comparison', 'if (match.statusId === 5) {}', 1],
    ['an optional chain', 'if (5 !== row?.statusId) {}', 1],
    ['a list that includes the status', '[5, 7].includes(match.statusId);', 1],
    ['a switch on the status', 'switch (match.statusId) { case 2: break; }', 1],
    ["a test's expectation", 'expect(row.statusId).toBe(4);', 1],
    ["drizzle's eq", 'eq(matches.statusId, 11);', 1],
    ["drizzle's ne", 'ne(matches.statusId, 7);', 1],
    ["drizzle's inArray", 'inArray(matches.statusId, [4, 6, 8]);', 3],
    ["drizzle's notInArray", 'notInArray(matches.statusId, [5, 7]);', 2],
    ['a named list of statuses', 'const FINAL_STATUSES = [5, 7] as const;', 2],
    ['a set of statuses', 'const openStatuses = new Set<number>([1, 3]);', 2],
    ['a list assigned to a status property', 'query.statuses = [4];', 1],
    ['a list in an object', 'find({ statuses: [4, 8] });', 2],
    ['a status in an object', 'makeMatch({ statusId: 5 }); server({ matchState: 4 });', 2],
  ])('refuses %s', (_case, code, count) => {
    expect(hits(code)).toBe(count);
  });

  it.each([
    ['named ids', 'if (match.statusId === STATUS.finished) {} eq(matches.statusId, STATUS.locationSelect);'],
    ['a named list', 'inArray(matches.statusId, [STATUS.finished, STATUS.disputed]);'],
    ['an HTTP status', 'expect(res.status).toBe(401); if (reply.statusCode === 200) {}'],
    ['a named status in an object', 'makeMatch({ statusId: STATUS.finished });'],
    ['a list of words', "const POP_STATUSES = ['open', 'matched', 'cancelled'] as const;"],
    [
      'numbers that are no status',
      'eq(matches.id, 5); inArray(matches.bestOf, [1, 3]); const sizes = [5, 7];',
    ],
  ])('lets %s through', (_case, code) => {
    expect(hits(code)).toBe(0);
  });
});

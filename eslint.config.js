// Flat config: type-aware TypeScript rules everywhere, React hooks rules for the web app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Module boundaries (docs/architecture.md): code reaches a module under server/src/modules/<name>/ only
// through its front door, `index.ts`; tests (and test helpers: files named `testing.ts`, server/src/test/)
// may also use a module's test front door, `testing.ts`. Inside a module, files import each other freely
// (`./x.ts`); the match room (`modules/matches/`) is one module with a folder per part, so a file in
// `matches/<part>/` imports `../<other part>/x.ts` freely and other modules as `../../<module>/index.ts`.
function frontDoorsOnly({ fromModule, doors, depth = 1 }) {
  const names = doors.map((d) => `${d}.ts`).join(' or ');
  const notADoor = `(?!(${doors.join('|')})\\.ts$)`;
  const patterns = [
    {
      // From anywhere (app.ts, jobs, plugins, db, realtime, bench): `…/modules/<module>/<file>`.
      regex: `(^|/)modules/[^/]+/${notADoor}`,
      message: `Import a server module only through its front door (${names}).`,
    },
  ];
  if (fromModule) {
    patterns.push({
      // From a module's file: `../<other module>/<file>` (`../../` leaves the modules folder); from a
      // file in a part of the room, `../../<other module>/<file>`.
      regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\.?/)[^/]+/${notADoor}`,
      message: `Import another module only through its front door (${names}).`,
    });
  }
  return { 'no-restricted-imports': ['error', { patterns }] };
}

// Web features (docs/web-layout.md) never import each other: what two features share lives in
// web/src/components/ or web/src/lib/. A file `k` folders deep in its feature leaves the feature with
// `k + 1` `../`, so each depth gets its own pattern; the alias form is `@/features/<other>/…`.
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MAX_FEATURE_DEPTH = 6;

function featureBoundaryBlocks() {
  const message = 'A web feature never imports another feature: move what they share to components/ or lib/.';
  return WEB_FEATURES.flatMap((feature) =>
    Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => ({
      files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: `^@/features/(?!${feature}/)`, message },
              { regex: `^(\\.\\./){${depth + 1}}(?!\\.\\./|${feature}/)[^/]+/`, message },
            ],
          },
        ],
      },
    })),
  );
}

const TEST_FILES = [
  'server/src/**/*.test.ts',
  'server/src/**/testing.ts',
  'server/src/test/**',
  'server/src/realtime/test-support/**',
];

const STATUS_FIELD = '/^(statusId|matchState)$/';
/** A variable or property holding statuses: `statusIds`, `IN_PLAY_STATUSES`, `finishedStatuses`. */
const STATUS_LIST = '/^(statusIds|matchStates|statuses|[A-Za-z]*Statuses|[A-Z_]*_STATUSES)$/';
const EQUALITY = 'operator=/^[!=]==?$/';
const STATUS_MESSAGE =
  'Compare statuses with the named ids of @versus/common/match/statuses (STATUS.finished), not numbers.';

/**
 * `x.statusId === 5`, `x?.statusId === 5`, `5 !== statusId`, `[5, 7].includes(x.statusId)`, `case 5:` on a
 * status, `expect(x.statusId).toBe(5)`; drizzle's `eq(t.statusId, 5)`, `ne(…)`, `inArray(t.statusId, [4, 5])`,
 * `notInArray(…)`; and a list of statuses written in numbers (`const FINAL_STATUSES = [5, 7]`,
 * `statuses = new Set([4, 5])`, `{ statuses: [4, 5] }`); a status written as a number in an object
 * (`{ statusId: 5 }`).
 */
export function statusLiteralRules() {
  const field = (side) =>
    `:matches(${side}[type='MemberExpression'][property.name=${STATUS_FIELD}], ${side}[type='ChainExpression'][expression.property.name=${STATUS_FIELD}], ${side}[type='Identifier'][name=${STATUS_FIELD}])`;
  const firstArgument = `:matches([arguments.0.property.name=${STATUS_FIELD}], [arguments.0.expression.property.name=${STATUS_FIELD}], [arguments.0.name=${STATUS_FIELD}])`;
  // A number in an array literal, also inside `new Set([...])`, `[...] as const` or `satisfies`.
  const number = 'Literal[raw=/^[0-9]/]';
  const listOfNumbers = `:matches(ArrayExpression > ${number}, ArrayExpression > UnaryExpression > ${number})`;
  return [
    `BinaryExpression[${EQUALITY}][right.type='Literal'] > .left${field('')}`,
    `BinaryExpression[${EQUALITY}][left.type='Literal'] > .right${field('')}`,
    `CallExpression[callee.property.name='includes'][callee.object.type='ArrayExpression'][callee.object.elements.0.type='Literal'] > .arguments${field('')}`,
    `SwitchStatement:has(> .discriminant${field('')}) > SwitchCase > Literal.test`,
    // A test's `expect(x.statusId).toBe(4)` / `expect(await statusOf(c, id)).toBe(4)`.
    `CallExpression[callee.property.name=/^(toBe|toEqual|toStrictEqual)$/][arguments.0.type='Literal'] > MemberExpression.callee > CallExpression.object[callee.name='expect'] > .arguments:matches(${field('')}, AwaitExpression[argument.callee.name='statusOf'])`,
    // Drizzle: `eq(matches.statusId, 5)`, `ne(...)`, `inArray(matches.statusId, [4, 5])`, `notInArray(...)`.
    `CallExpression[callee.name=/^(eq|ne)$/]${firstArgument} > Literal.arguments`,
    `CallExpression[callee.name=/^(inArray|notInArray)$/]${firstArgument} > ArrayExpression.arguments > Literal`,
    // Lists of statuses: `const X_STATUSES = [5, 7]`, `statuses = new Set([4, 5])`, `{ statuses: [4] }`.
    `VariableDeclarator[id.name=${STATUS_LIST}] ${listOfNumbers}`,
    `AssignmentExpression[left.name=${STATUS_LIST}] ${listOfNumbers}`,
    `AssignmentExpression[left.property.name=${STATUS_LIST}] ${listOfNumbers}`,
    `Property[key.name=${STATUS_LIST}] ${listOfNumbers}`,
    // A status written as a number in an object: `{ statusId: 5 }`, `{ ...match, matchState: 4 }`.
    `Property[key.name=${STATUS_FIELD}] > ${number}.value`,
  ].map((selector) => ({ selector, message: STATUS_MESSAGE }));
}

const CAST_MESSAGE =
  'Read an answer through its schema: expectAnswer(res, schema) (server/src/test/answers.ts) or schema.parse(payload), never a cast.';

/** `res.body as {…}`, `(await x)?.body as {…}`, `<T>res.body`, and the same for a published `payload`. */
function answerCastRules() {
  const answer = `[property.name=/^(body|payload)$/]`;
  return [
    `TSAsExpression > MemberExpression.expression${answer}`,
    `TSAsExpression > ChainExpression.expression > MemberExpression.expression${answer}`,
    `TSTypeAssertion > MemberExpression.expression${answer}`,
    `TSTypeAssertion > ChainExpression.expression > MemberExpression.expression${answer}`,
  ].map((selector) => ({ selector, message: CAST_MESSAGE }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'server/drizzle/**',
      'eslint.config.js',
      'eslint.config.d.ts',
      'scripts/**',
      'agent/bin/**',
      'agent/bundle.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Later blocks win: module files, then tests, then module tests, then the room's parts and their tests.
  {
    files: ['server/src/**/*.ts', 'bench/**/*.ts'],
    rules: frontDoorsOnly({ fromModule: false, doors: ['index'] }),
  },
  { files: ['server/src/modules/**/*.ts'], rules: frontDoorsOnly({ fromModule: true, doors: ['index'] }) },
  { files: TEST_FILES, rules: frontDoorsOnly({ fromModule: false, doors: ['index', 'testing'] }) },
  {
    files: ['server/src/modules/**/*.test.ts', 'server/src/modules/**/testing.ts'],
    rules: frontDoorsOnly({ fromModule: true, doors: ['index', 'testing'] }),
  },
  {
    files: ['server/src/modules/matches/*/**/*.ts'],
    rules: frontDoorsOnly({ fromModule: true, doors: ['index'], depth: 2 }),
  },
  {
    files: ['server/src/modules/matches/*/**/*.test.ts'],
    rules: frontDoorsOnly({ fromModule: true, doors: ['index', 'testing'], depth: 2 }),
  },
  {
    // Statuses are named (`STATUS.finished`), never bare numbers, everywhere but the file that defines them.
    files: ['common/**/*.ts', 'server/**/*.ts', 'web/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    ignores: ['common/src/match/statuses.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...statusLiteralRules()],
    },
  },
  {
    // Server tests read answers through their schemas. Flat config replaces a rule's options in a later
    // block, so the status selectors are repeated here.
    files: TEST_FILES,
    rules: { 'no-restricted-syntax': ['error', ...statusLiteralRules(), ...answerCastRules()] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // No zod in the browser bundle: the schema files of common/src/api give the web app types only; run
      // time constants come from zod-free files (statuses, field limits, page sizes).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@versus/common/api/*',
                '!@versus/common/api/field-limits',
                '!@versus/common/api/page-sizes',
              ],
              allowTypeImports: true,
              message: 'Import types only (`import type`) from the API schemas; zod stays on the server.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaryBlocks(),
);

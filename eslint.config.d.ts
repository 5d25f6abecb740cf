// Types of what eslint.config.js exports besides the config itself, for the lint rules' test
// (scripts/lint-rules.test.ts).
import type { Linter } from 'eslint';

/** The `no-restricted-syntax` entries that refuse a bare status number where a named status belongs. */
export function statusLiteralRules(): { selector: string; message: string }[];

declare const config: Linter.Config[];
export default config;

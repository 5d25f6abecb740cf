// Types of scripts/pglite-template.mjs, for the TypeScript harnesses that start the real server process.
/** The migrated template's data folder, built once per set of migrations and PGlite version. */
export function pgliteTemplate(): Promise<string>;
/** Puts a copy of the migrated template into `dataDir` (which holds nothing of PGlite's yet). */
export function copyPgliteTemplate(dataDir: string): Promise<void>;
/** The template as a tarball for PGlite's `loadDataDir` (an in-memory database starting migrated). */
export function pgliteTemplateTarball(): Promise<Buffer>;

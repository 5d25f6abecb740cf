// Vitest's global setup, once per `npm test` before any project: builds the migrated PGlite template the
// server tests and the browser stories start from (scripts/pglite-template.mjs), outside any test's hook
// timeout (the first build takes a minute on a busy machine; later runs find it).
import { pgliteTemplate } from './pglite-template.mjs';

export default async function setup(): Promise<void> {
  await pgliteTemplate();
}

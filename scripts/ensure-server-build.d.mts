// Types of scripts/ensure-server-build.mjs, for the tests that run the compiled server.
/** Compiles common, agent and server when their dist/ is missing or older than their sources. */
export function ensureServerBuild(): void;

// Types of scripts/node-flags.mjs, for the TypeScript harnesses that start the real server process.
/** The flags between `node` and the script in a `node … script` command line. */
export function flagsOf(command: string): string[];
/** `npm start`'s node flags, which every start of the server passes. */
export function nodeFlags(): string[];

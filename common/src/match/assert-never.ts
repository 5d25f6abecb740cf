/** Ends every exhaustive `switch`: the compiler proves it unreachable, and it throws if data lies at runtime. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

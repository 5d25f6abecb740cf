// Shapes every answer of the Versus API shares. The answers themselves are the `z.infer` types of
// `@versus/common/api/*` (import them with `import type`, so no zod reaches the browser).

/** The `{ data }` envelope every successful JSON read uses. */
export interface DataEnvelope<T> {
  data: T;
}

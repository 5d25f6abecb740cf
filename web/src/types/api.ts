// Answer shapes of the Versus API as the web app reads them. Kept here until @versus/common exports
// the zod schemas; then these become `z.infer` aliases of those.

/** A signed-in person, as `GET /api/v1/auth/me` presents them. */
export interface User {
  id: number;
  uuid: string;
  username: string;
  email: string;
  image: string | null;
  flag: string | null;
  color: string | null;
  backgroundColor: string | null;
  /** HTML built and sanitized by the server; still passed through DOMPurify before rendering. */
  formattedUsername: string;
  role: 'player' | 'admin';
  elo: number;
}

/** The `{ data }` envelope every successful JSON answer uses. */
export interface DataEnvelope<T> {
  data: T;
}

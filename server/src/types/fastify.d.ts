import type { UserRow } from '../db/schema/users.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. Set by the session plugin. */
    user: UserRow | null;
    /** The session id (hash of the cookie token) when signed in. */
    sessionId: string | null;
    /** The `X-Socket-ID` header when it is a well-formed Pusher socket id, else null. */
    socketId: string | null;
  }
}

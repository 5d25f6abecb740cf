import type { UserRow } from '../db/schema/users.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../core/app-context.ts';
import type { ChangeBus } from '../core/change-bus.ts';
import type { SessionControl } from '../modules/auth/index.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/index.ts';
import type { HotReads } from '../plugins/hot-reads.ts';
import type { HeaderSet } from '../plugins/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The app's context (db, clock, publish, log, config): what modules are given. */
    ctx: AppContext;
    /** Tells every instance what its caches must drop (over Redis when `REDIS_URL` is set). */
    changes: ChangeBus;
    /** Sessions: the cached cookie → user lookup, and ending sessions everywhere. */
    sessions: SessionControl;
    /** Outgoing mail (SMTP, or the console in development when no SMTP server is set). */
    mailer: Mailer;
    /** `draining` turns true when a graceful shutdown begins (`GET /health/ready` answers 503 from then on). */
    lifecycle: { draining: boolean };
    /** The reads answered from memory before routing (plugins/hot-reads.ts); routes add theirs. */
    hotReads: HotReads;
    /** The security headers of a JSON answer and of a document (plugins/security-headers.ts). */
    securityHeaderSets: { json: HeaderSet; document: HeaderSet };
    /** A visitor's new `XSRF-TOKEN` Set-Cookie value (plugins/csrf.ts). */
    newVisitorCookie: () => string;
    /** Counts an answer in the request-duration histogram (metrics/metrics.plugin.ts). */
    observeRequest: (route: string, method: string, statusCode: number, seconds: number) => void;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. Set by the session plugin. */
    user: UserRow | null;
    /** The session id (hash of the cookie token) when signed in. */
    sessionId: string | null;
    /** The `X-Socket-ID` header when it is a well-formed Pusher socket id, else null. */
    socketId: string | null;
    /**
     * The `Set-Cookie` value of the `XSRF-TOKEN` a visitor without one is given, added when the answer is sent
     * (plugins/csrf.ts); null when the request had one or the token was issued another way.
     */
    xsrfCookie: string | null;
  }
}

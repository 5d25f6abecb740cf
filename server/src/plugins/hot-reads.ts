// The hottest reads answered before Fastify routes them. A match room watched by many (the veto-shaped match, the
// match detail), every page load's `auth/me` and the header's notifications page are answered from bytes already
// in memory: when the read cache (the match's, the notification pages') and, for a signed-in visitor, the session
// cache hold the answer, the server's request handler writes it at once, with what every answer of that route
// gets on the Fastify path:
// - the JSON answers' security headers (plugins/security-headers.ts: the same set, built once), and the
//   document set on a 304, as the security headers' hook gives an answer with no content type;
// - `ETag`, `Cache-Control: private, no-cache` and 304 for a matching `If-None-Match` (lib/etag.ts);
// - a visitor without an `XSRF-TOKEN` cookie gets one (plugins/csrf.ts, the same cookie text);
// - `Cache-Control: no-store` on a signed-in visitor's answer that has no `ETag` (plugins/security-headers.ts);
// - the request log's line (same request id sequence) and the request-duration histogram's count under the
//   route's pattern.
// Anything else goes to Fastify, which answers as before: a method other than GET, a query string (but a
// list's `?page=<digits>`), a path that is not exactly the route's (`/api/v1/match/<digits>`), an
// `Authorization` header (API tokens have their allowance), a cookie header the hot path is not sure of, a
// session the session cache does not hold now, a browser navigating to the address (its bad-address page), a
// shutdown under way, or an answer not in memory (the first read of a match, a version to check).
// `server/src/plugins/hot-reads.test.ts` holds the two paths to the same answers, header by header.
//
// Why: Fastify alone answers a read at about 0.7x a bare Node server; the app's hooks on top of it (cookies,
// session, security headers, log, metrics) left a cached match read at 0.4-0.5x (docs/benchmarks.md, API).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { UserRow } from '../db/schema/index.ts';
import { notModified } from '../lib/etag.ts';
import { navigates } from './navigation-pages.ts';
import type { HeaderSet } from './security-headers.ts';

/** An answer's bytes, with its entity tag when it is revalidated (`ETag`, 304). */
export interface HotBody {
  bytes: Buffer;
  etag: string | null;
}

/**
 * Whose answer a hot read gives: `any` visitor the same bytes (the session cookie is not looked at), or the
 * `viewer` the session cookie names, from the session cache (a session not in it goes to Fastify, which reads it).
 */
export type HotViewer = 'any' | 'viewer';

export interface HotRead {
  /** The route's pattern as Fastify has it (`/api/v1/match/:id`): the metrics label. */
  route: string;
  /** The path answered, with the number its answer is for (`id`). */
  path: string;
  /**
   * Where the number comes from: `none` (exactly `path`, number 0), `path` (`path` followed by an id of 1-10
   * digits: `/api/v1/match/12`), or `page` (`path` alone, page 1, or `path?page=` and 1-6 digits: the list
   * pages' rule, `pageQuery`, page 0 being page 1; any other query goes to Fastify, which reads it).
   */
  id: 'none' | 'path' | 'page';
  viewer: HotViewer;
  /** The status of the answer: 200 (when not given), or 401 for the signed-out `auth/me`. */
  status?: (user: UserRow | null) => 200 | 401;
  /** The answer when it is in memory now (`user` null unless `viewer`), else null: Fastify answers. */
  answer: (id: number, user: UserRow | null) => HotBody | null;
}

/** What the answers take from the rest of the app, known once every plugin is registered. */
export interface HotReadsWiring {
  /** The security headers of a JSON answer and of a document (a 304). */
  headers: { json: HeaderSet; document: HeaderSet };
  /** A visitor's new `XSRF-TOKEN` Set-Cookie value (plugins/csrf.ts). */
  visitorCookie: () => string;
  /** The cookie names: the CSRF token's and the session's. */
  xsrfCookie: string;
  sessionCookie: string;
  /** The user of a session token from this instance's session cache (plugins/session.ts), else undefined. */
  cachedUser: (token: string) => UserRow | undefined;
  /** @fastify/cookie's parser, as the CSRF hook reads the header. */
  parseCookie: (header: string) => Record<string, string | undefined>;
  /** Writes the request log's line (app.ts `RequestLog`), or does nothing at its level. */
  logRequest: (reqId: string, method: string, url: string, statusCode: number, elapsedMs: number) => void;
  /** Counts the answer in the request-duration histogram. */
  observe: (route: string, method: string, statusCode: number, seconds: number) => void;
  /** A shutdown is under way: Fastify answers (503 on a closing server). */
  draining: () => boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const ID = /^\d{1,10}$/;
const PAGE = /^\?page=(\d{1,6})$/;

export class HotReads {
  /** By path: the reads without an id in their path. */
  private readonly exact = new Map<string, HotRead>();
  private readonly withId: HotRead[] = [];
  /** The number `readOf` found in the address it last matched. */
  private id = 0;
  private wiring: HotReadsWiring | null = null;
  private nextId = 0;
  /** How many requests were answered here (tests tell the two paths apart by it). */
  answered = 0;

  constructor(private readonly enabled: boolean) {}

  /** Fastify's request ids (`genReqId`), shared with the hot answers: `req-1`, `req-2`… as Fastify counts. */
  readonly requestId = (): string => {
    this.nextId = (this.nextId + 1) & 2147483647;
    return `req-${this.nextId.toString(36)}`;
  };

  add(read: HotRead): void {
    if (read.id === 'path') this.withId.push(read);
    else this.exact.set(read.path, read);
  }

  /** Starts answering (called once the app's plugins are registered); until then every request goes on. */
  wire(wiring: HotReadsWiring): void {
    this.wiring = wiring;
  }

  /**
   * Fastify's `serverFactory`: the HTTP server Fastify would make (its timeouts included), whose requests are
   * offered to the hot reads first.
   */
  serverFactory(options: {
    http: http.ServerOptions;
    keepAliveTimeout: number;
    requestTimeout: number;
  }): (handler: http.RequestListener) => http.Server {
    return (handler) => {
      const server = http.createServer(options.http, (req, res) => {
        if (!this.answer(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      return server;
    };
  }

  /** Answers `req` when it is a hot read held in memory; false: the caller hands it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const wiring = this.wiring;
    if (!this.enabled || wiring === null || req.method !== 'GET') return false;
    const started = performance.now();
    const url = req.url ?? '';
    const read = this.readOf(url);
    if (read === null) return false;
    const headers = req.headers;
    if (headers.authorization !== undefined || navigates(headers) || wiring.draining()) return false;
    let newCookie = true;
    let user: UserRow | null = null;
    const cookieHeader = headers.cookie;
    if (cookieHeader !== undefined) {
      let cookies: Record<string, string | undefined>;
      try {
        cookies = wiring.parseCookie(cookieHeader);
      } catch {
        return false;
      }
      // The session hook's rule: a token over 200 characters is no session.
      const token = cookies[wiring.sessionCookie];
      if (token && token.length <= 200 && read.viewer === 'viewer') {
        user = wiring.cachedUser(token) ?? null;
        if (user === null) return false;
      }
      if (cookies[wiring.xsrfCookie]) newCookie = false;
    }
    let body: HotBody | null;
    try {
      body = read.answer(this.id, user);
    } catch {
      return false;
    }
    if (body === null) return false;

    const unchanged = body.etag !== null && notModified(headers['if-none-match'], body.etag);
    const status = unchanged ? 304 : (read.status?.(user) ?? 200);
    const out: string[] = [];
    if (body.etag !== null) out.push('etag', body.etag, 'cache-control', 'private, no-cache');
    // The security headers' rule: JSON to a signed-in visitor is not stored unless the route said otherwise.
    else if (user !== null) out.push('cache-control', 'no-store');
    if (!unchanged) out.push('content-type', JSON_TYPE);
    if (newCookie) out.push('set-cookie', wiring.visitorCookie());
    const security = unchanged ? wiring.headers.document : wiring.headers.json;
    for (const name in security) out.push(name, security[name] as string);
    if (unchanged) {
      res.writeHead(status, out);
      res.end();
    } else {
      out.push('content-length', String(body.bytes.length));
      res.writeHead(status, out);
      res.end(body.bytes);
    }
    this.answered += 1;
    const elapsed = performance.now() - started;
    wiring.logRequest(this.requestId(), 'GET', url, status, elapsed);
    wiring.observe(read.route, 'GET', status, elapsed / 1000);
    return true;
  }

  /** The read answering `url`, its number in `this.id`; null: not a hot read's address. */
  private readOf(url: string): HotRead | null {
    const query = url.indexOf('?');
    if (query === -1) {
      const exact = this.exact.get(url);
      if (exact !== undefined) {
        this.id = exact.id === 'page' ? 1 : 0;
        return exact;
      }
      for (const read of this.withId) {
        if (!url.startsWith(read.path)) continue;
        const rest = url.slice(read.path.length);
        if (ID.test(rest)) {
          this.id = Number(rest);
          return read;
        }
      }
      return null;
    }
    const paged = this.exact.get(url.slice(0, query));
    const page = paged?.id === 'page' ? PAGE.exec(url.slice(query)) : null;
    if (paged === undefined || page === null) return null;
    this.id = Math.max(1, Number(page[1]));
    return paged;
  }
}

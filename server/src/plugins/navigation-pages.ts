// An address typed into the browser's address bar (or a followed link) that names nothing or carries bad
// input answers the web app's page with the same status, so the person sees the app's not-found screen, not
// a line of JSON: `/tournaments/x%00y` (a control character) or an API path such as `/api/v1/match/abc`.
// Requests made by the app itself (`fetch`, axios) keep their JSON. (A malformed escape, `/user/a%ZZ`, never
// reaches a route: app.ts's `frameworkErrors` sends a navigation on to `literalPath`.)
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The statuses of "this address names nothing / its input is bad". */
const BAD_ADDRESS = new Set([400, 404, 414, 422]);

/**
 * Whether the browser is loading a page rather than the app fetching data: `Sec-Fetch-Dest: document` where
 * the browser sends fetch metadata (every current one), else a GET that accepts HTML before JSON.
 */
export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return navigates(request.headers);
}

/** Whether request headers are a browser's for a page it navigates to (Fetch Metadata, else `Accept`). */
export function navigates(headers: IncomingHttpHeaders): boolean {
  const dest = headers['sec-fetch-dest'];
  if (typeof dest === 'string') return dest === 'document';
  const accept = headers.accept ?? '';
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html >= 0 && (json < 0 || html < json);
}

/** `url` with every `%` of its path escaped (`/user/a%ZZ` -> `/user/a%25ZZ`); the query is kept. */
export function literalPath(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  return path.replace(/%/g, '%25') + (query < 0 ? '' : url.slice(query));
}

/** The app's page for a navigation request (null: not a navigation, or no built page to serve). */
function pageForNavigation(request: FastifyRequest, indexHtmlPath: string): string | null {
  if (!isPageNavigation(request)) return null;
  try {
    return fs.readFileSync(indexHtmlPath, 'utf8');
  } catch {
    return null;
  }
}

export interface NavigationPagesOptions {
  /** The built web page (`web/dist/index.html`); without it, answers stay as they are. */
  indexHtmlPath: string;
}

/**
 * The step that swaps a bad address's JSON for the app's page (navigations only); answers the payload to send.
 * Run inside another `onSend` hook (the security headers', app.ts: one hook for both) or as its own plugin.
 */
export function navigationPageStep(
  indexHtmlPath: string,
): (request: FastifyRequest, reply: FastifyReply, payload: unknown) => unknown {
  return (request, reply, payload) => {
    if (!BAD_ADDRESS.has(reply.statusCode)) return payload;
    const type = reply.getHeader('content-type');
    const page =
      typeof type === 'string' && type.startsWith('application/json')
        ? pageForNavigation(request, indexHtmlPath)
        : null;
    if (page === null) return payload;
    void reply.removeHeader('content-length');
    void reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
    return page;
  };
}

export const navigationPagesPlugin = fp(
  async (app: FastifyInstance, options: NavigationPagesOptions) => {
    const step = navigationPageStep(options.indexHtmlPath);
    app.addHook('onSend', (request, reply, payload, done) => {
      done(null, step(request, reply, payload));
    });
  },
  { name: 'navigation-pages' },
);

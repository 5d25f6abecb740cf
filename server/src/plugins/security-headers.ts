// Security headers on every answer (helmet's policies): a Content-Security-Policy the web app passes, framing
// refused, a Referrer-Policy, nosniff, HSTS only when the site is served over https; and `Cache-Control:
// no-store` on JSON answered to a signed-in visitor (it may carry the email and other private fields).
// The headers are built once at start, one set per kind of answer, not per request: a document (the page,
// images, anything a browser may render) gets the whole set; a JSON answer, which a browser never renders
// (nosniff), gets the short set that still matters for it: `default-src 'none'; frame-ancestors 'none'`,
// X-Frame-Options, nosniff, the Referrer-Policy, Cross-Origin-Resource-Policy and HSTS.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * `'sha256-…'` sources for the inline scripts of the built page (the early-request script and Vite's
 * preload helper), read from the file the app serves, so the policy follows every build.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const body = match[2] ?? '';
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export interface SecurityHeadersOptions {
  /** The built web page (`web/dist/index.html`); its inline scripts get hashes in `script-src`. */
  indexHtmlPath: string;
  /**
   * Work on the answer before its headers are chosen (the navigation page of a bad address), in this plugin's
   * one `onSend` hook rather than a hook of its own: answers the payload to send.
   */
  before?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => unknown;
}

/** Header name → value, as one kind of answer carries them. */
export type HeaderSet = Record<string, string>;

/** The headers helmet sets for `options`, computed once (helmet's policies are plain values here). */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: HeaderSet = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  const failed: Error[] = [];
  helmet(options)(
    { headers: {}, method: 'GET', url: '/' } as IncomingMessage,
    res as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) failed.push(error instanceof Error ? error : new Error('helmet refused its options'));
    },
  );
  if (failed[0]) throw failed[0];
  return headers;
}

/** The headers of a document and of a JSON answer, for a site served over https or not. */
export function securityHeaderSets(options: { https: boolean; html: string }): {
  document: HeaderSet;
  json: HeaderSet;
} {
  const { https, html } = options;
  const document = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(html)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        // Style attributes only (no <style> elements): the API's `formattedUsername` HTML colours names with
        // them (the colours are checked by the server); attributes cannot load or run anything.
        styleSrcAttr: ["'unsafe-inline'"],
        // Avatars, flags and map images are ours; admins may point a map image at an https address.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The realtime socket, and the location pings to the game servers' own hosts (`{hostname}/ping`).
        connectSrc: ["'self'", 'https:', 'wss:', ...(https ? [] : ['http:', 'ws:'])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Pages load no cross-origin documents that would need to opt in; images from https hosts stay allowed.
    crossOriginEmbedderPolicy: false,
  });
  // JSON is never a document: what only documents use (scripts, styles, the opener, the agent cluster,
  // DNS prefetch, IE's download and XSS switches, Flash's policy files) is left out.
  const json = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return { document, json };
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const https = app.config.appUrl.startsWith('https:');
    const html = fs.existsSync(options.indexHtmlPath) ? fs.readFileSync(options.indexHtmlPath, 'utf8') : '';
    const sets = securityHeaderSets({ https, html });
    // The same sets for the answers given before routing (plugins/hot-reads.ts).
    app.decorate('securityHeaderSets', sets);

    const before = options.before;
    app.addHook('onSend', (request, reply, sent, done) => {
      const payload = before ? before(request, reply, sent) : sent;
      const type = reply.getHeader('content-type');
      const json = typeof type === 'string' && type.startsWith('application/json');
      void reply.headers(json ? sets.json : sets.document);
      if (json && request.user && !reply.hasHeader('cache-control'))
        void reply.header('Cache-Control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

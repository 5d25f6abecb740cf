// Security headers on every answer (@fastify/helmet): a Content-Security-Policy the web app passes, framing
// refused, a Referrer-Policy, nosniff, HSTS only when the site is served over https; and `Cache-Control:
// no-store` on JSON answered to a signed-in visitor (it may carry the email and other private fields).
import crypto from 'node:crypto';
import fs from 'node:fs';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const https = app.config.appUrl.startsWith('https:');
    const html = fs.existsSync(options.indexHtmlPath) ? fs.readFileSync(options.indexHtmlPath, 'utf8') : '';
    await app.register(helmet, {
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

    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.user || reply.hasHeader('cache-control')) return payload;
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json'))
        void reply.header('Cache-Control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);

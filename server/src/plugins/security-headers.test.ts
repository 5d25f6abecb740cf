// Security headers through HTTP: a document gets the whole policy (every directive), a JSON answer the short
// set that matters for JSON, both built once at start (securityHeaderSets).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/index.ts';
import { securityHeaderSets } from './security-headers.ts';

describe('security headers by kind of answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a document every directive of the policy', async () => {
    // An SVG image, which a browser renders as a document when opened on its own.
    const image = await t.app.inject({ method: 'GET', url: '/images/avatars/avatar-1.svg' });
    expect(image.statusCode).toBe(200);
    for (const res of [image]) {
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "script-src-attr 'none'",
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        "connect-src 'self' https: wss: http: ws:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ])
        expect(csp).toContain(directive);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('gives JSON answers the short set, signed in or out, errors included', async () => {
    const viewer = await t.signIn('player1');
    for (const res of [
      await t.client().get('/api/v1/ladders'),
      await viewer.get('/api/v1/auth/me'),
      await t.client().get('/api/v1/match/999999'),
      await t.client().get('/api/v1/no-such-route'),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-xss-protection',
      ])
        expect(res.headers[documentOnly]).toBeUndefined();
    }
  });

  it('adds upgrade-insecure-requests and HSTS to both kinds under https only', () => {
    const plain = securityHeaderSets({ https: false, html: '' });
    const secure = securityHeaderSets({ https: true, html: '<script>a()</script>' });
    expect(plain.document['Strict-Transport-Security']).toBeUndefined();
    expect(secure.document['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure.json['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure.document['Content-Security-Policy']).toContain('upgrade-insecure-requests');
    expect(secure.document['Content-Security-Policy']).not.toContain('http: ws:');
    expect(secure.document['Content-Security-Policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);
  });
});

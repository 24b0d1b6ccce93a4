/** Helmet's headers, worked out once at start-up, on every answer: pages, API answers, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

describe('security headers', () => {
  let plain: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
    https = await createTestApp({ PUBLIC_URL: 'https://whispers.example.org', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => Promise.all([plain?.close(), https?.close()]));

  it('sends the content security policy (images and connections from the app only, never the tile server), nosniff and the referrer policy on every answer', async () => {
    for (const url of ['/api/health', '/api/stories/not-a-story', '/some/page']) {
      const res = await plain.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      // A reader's browser talks to Whispers only (docs/security.md): the tile server is not among the sources.
      expect(csp).toContain("img-src 'self' data: blob:;");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toContain('tiles.example.org');
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS only when the app is served over HTTPS, and only on answers that travel over HTTPS', async () => {
    const overHttps = await https.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // The same app reached over plain HTTP (docs/security.md, "Hardening, third round"): no HSTS on that answer.
    const overHttp = await https.app.inject({ url: '/api/health' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // A client that is not the trusted proxy cannot claim HTTPS.
    const forged = await https.app.inject({
      url: '/api/health',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

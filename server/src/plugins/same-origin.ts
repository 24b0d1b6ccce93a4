import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * Whether a GET comes from a same-origin navigation or one the user started (address bar, bookmark), judged by
 * Fetch Metadata. A browser too old to send `Sec-Fetch-Site` is let through (SameSite=Lax still applies).
 */
export function isSameOriginNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * Refuses state-changing requests sent by another site (CSRF defence in depth next to SameSite=Lax cookies):
 * a browser that marks the request `Sec-Fetch-Site: cross-site` is refused even without an Origin header, and
 * when the browser names an Origin, it must be this server's own host (or PUBLIC_URL's).
 */
export const sameOriginGuard = fp<{ publicUrl?: string }>(async (app, options) => {
  const allowedOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') return reply.code(403).send({ message: CROSS_SITE_REFUSED });
    const origin = request.headers.origin;
    if (!origin || origin === allowedOrigin) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = '';
    }
    if (originHost !== request.headers.host) {
      return reply.code(403).send({ message: CROSS_SITE_REFUSED });
    }
  });
});

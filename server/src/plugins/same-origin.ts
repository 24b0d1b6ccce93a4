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
 * This server's own origin as the browser sees it: PUBLIC_URL's when set, else the request's scheme (as the
 * trusted proxy reports it) and Host. Scheme included: an `https://` page is not the same origin as `http://`.
 */
function ownOrigin(request: FastifyRequest, publicUrl: string | undefined): string | undefined {
  return originOf(publicUrl ?? `${request.protocol}://${request.host}`);
}

/**
 * The origin of a URL (an `Origin` or `Referer` header, this server's own address), normalised as browsers write
 * it (`http://localhost:80` is `http://localhost`); `null` (an opaque origin) or garbage is nobody's.
 */
function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether another site made the browser send this request: Fetch Metadata says `cross-site`, or the `Origin` or
 * `Referer` names another origin. A request with none of them (an old browser, curl, the address bar) is not.
 */
export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string | undefined): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const own = ownOrigin(request, publicUrl);
  for (const header of [request.headers.origin, request.headers.referer]) {
    if (header !== undefined && (own === undefined || originOf(header) !== own)) return true;
  }
  return false;
}

/**
 * Refuses state-changing requests sent by another site (CSRF defence in depth next to SameSite=Lax cookies):
 * a browser that marks the request `Sec-Fetch-Site: cross-site` is refused even without an Origin header, and
 * when the browser names an Origin, it must be this server's own origin — scheme, host and port (or PUBLIC_URL's).
 */
export const sameOriginGuard = fp<{ publicUrl?: string }>(async (app, options) => {
  const allowedOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      return reply.code(403).send({ message: CROSS_SITE_REFUSED });
    const origin = request.headers.origin;
    if (!origin || origin === allowedOrigin) return;
    const own = ownOrigin(request, undefined);
    if (own === undefined || originOf(origin) !== own) {
      return reply.code(403).send({ message: CROSS_SITE_REFUSED });
    }
  });
});

/**
 * Resolves the session cookie once per request into `request.user` (null when signed out). Who may call a route
 * is decided from `request.user` by the access plugin (server/src/plugins/access.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createSessionCache } from './session-cache';
import { servedOverHttps } from '../../config';
import { findSessionUser, hashToken, SESSION_ABSOLUTE_MS, sessionCookieName, type SessionUser } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

/** How long a resolved session is reused without asking the database (session-cache.ts says why it is safe). */
const SESSION_CACHE_TTL_MS = 10_000;
/** Fed by the triggers of migration 0006 with the id of the user whose session or row changed. */
export const SESSION_CHANGE_CHANNEL = 'session_change';
/**
 * Sent with every answer that ends a session or finds it gone (docs/security.md, "Session end clears the
 * device"): the browser drops the HTTP cache and the origin's storage — the service worker's caches and the
 * drafts kept offline included — so nothing one person received outlives their session on the device.
 */
export const SESSION_END_CLEAR_SITE_DATA = '"cache", "storage"';
/** The routes by which a signed-in user changes their own session or user row (everyone else's: the trigger). */
const OWN_ACCOUNT_ROUTES = ['/api/user/', '/api/account', '/api/logout'];

export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    const cookieName = sessionCookieName(app.config);
    const cache = createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS, max: 50_000 });
    const stopListening = await app.database.listen(SESSION_CHANGE_CHANNEL, (userId) => cache.evictUser(userId));
    app.addHook('onClose', async () => {
      await stopListening();
      cache.clear();
    });

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[cookieName];
      if (!token) return;
      const tokenHash = hashToken(token);
      let found = cache.get(tokenHash) ?? null;
      if (!found) {
        found = await findSessionUser(app.database.db, token);
        if (found) cache.set(tokenHash, found);
      }
      request.user = found?.user ?? null;
      request.sessionId = found?.sessionId ?? null;
    });

    // A request that may end or change its own session or user — the account routes (setup, password, deletion)
    // or any answer that sets or clears the session cookie, such as GET /api/logout —: the browser's next request
    // must not be served from before it, whenever the trigger's notification arrives. Other writes (likes,
    // stories, reports) change neither, and keep the cached session (bench/README.md: a session query after each one).
    app.addHook('onSend', async (request, reply) => {
      // A session cookie that no longer names a session (ended elsewhere, expired, the account deleted):
      // the 401 says so, and clears what the device kept of it.
      if (!request.user && reply.statusCode === 401 && request.url.startsWith('/api/') && request.cookies[cookieName]) {
        reply.header('clear-site-data', SESSION_END_CLEAR_SITE_DATA);
        clearSessionCookie(request, reply);
      }
      if (!request.user) return;
      const safeMethod = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
      const accountRoute = OWN_ACCOUNT_ROUTES.some((prefix) => request.routeOptions.url?.startsWith(prefix));
      if ((safeMethod || !accountRoute) && !String(reply.getHeader('set-cookie') ?? '').includes(`${cookieName}=`))
        return;
      cache.evictUser(request.user.id);
    });
  },
  { name: 'session' },
);

/** The session token the request carries under this deployment's cookie name. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request.server.config)];
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  const { config } = request.server;
  // Path=/ and no Domain, as the __Host- name requires (and the plain name keeps alike).
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(config) || request.protocol === 'https',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const { config } = request.server;
  // Browsers ignore a __Host- cookie without Secure, the clearing one included.
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    secure: servedOverHttps(config) || request.protocol === 'https',
  });
  reply.header('clear-site-data', SESSION_END_CLEAR_SITE_DATA);
}

/**
 * Resolves the session cookie once per request into `request.user` (null when signed out). Who may call a route
 * is decided from `request.user` by the access plugin (server/src/plugins/access.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser, SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionUser } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const found = await findSessionUser(app.database.db, request.cookies[SESSION_COOKIE]);
      request.user = found?.user ?? null;
      request.sessionId = found?.sessionId ?? null;
    });
  },
  { name: 'session' },
);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.cookieSecure || request.protocol === 'https',
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

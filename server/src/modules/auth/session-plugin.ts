/**
 * Resolves the session cookie once per request into `request.user` (null when signed out) and offers the
 * `requireUser` guard every signed-in route declares in its preHandler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/http-errors';
import { findSessionUser, SESSION_ABSOLUTE_MS, SESSION_COOKIE, type SessionUser } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const found = await findSessionUser(app.database.db, request.cookies[SESSION_COOKIE]);
    request.user = found?.user ?? null;
    request.sessionId = found?.sessionId ?? null;
  });
});

/** preHandler guard: 401 unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized('Please sign in to continue.');
}

/** Narrows `request.user` after `requireUser` ran. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized('Please sign in to continue.');
  return request.user;
}

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

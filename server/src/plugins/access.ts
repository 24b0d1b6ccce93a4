/**
 * Access, declared by every route in its config (`config: { access: 'public' | 'user' }`) and enforced here, in
 * one place, instead of a check in each handler. Signed-in-only routes get a preValidation guard when they are
 * registered: it runs after the session is resolved and the rate limit counted (onRequest), and before the
 * request is validated, so a signed-out caller learns that first (401) whatever they sent.
 */
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/http-errors';

export type RouteAccess = 'public' | 'user';

/**
 * The signed-in user, as the session plugin (modules/auth/session-plugin.ts) decorates the request with it: this
 * plugin reads the decorator's declared type and imports nothing from the auth module.
 */
export type SignedInUser = NonNullable<FastifyRequest['user']>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every /api route (app-routes.api.test.ts checks it). */
    access?: RouteAccess;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

const requireUser: preValidationHookHandler = (request, _reply, done) => {
  done(request.user ? undefined : unauthorized(SIGN_IN_REQUIRED));
};

export const accessPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      switch (access) {
        case 'user':
          route.preValidation = [requireUser, ...asArray(route.preValidation)];
          return;
        case 'public':
        case undefined:
          return;
      }
    });
  },
  { name: 'access', dependencies: ['session'] },
);

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The signed-in user of a route declared `access: 'user'` (the access hook has already refused visitors). */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw unauthorized(SIGN_IN_REQUIRED);
  return request.user;
}

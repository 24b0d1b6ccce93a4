/**
 * Access, declared by every route in its config (`config: { access: 'public' | 'user' | 'moderator' | 'admin' }`)
 * and enforced here, in one place, instead of a check in each handler. `moderator` admits moderators and admins,
 * `admin` admins only; both read the role fresh from the database (db/user-standing.ts), as does
 * `goodStanding: true` (a suspended or banned user may not publish, like or report: 403; moderator and admin
 * routes always), so a change of role or
 * standing holds from the next request whatever the session cache holds. Signed-in-only routes get a preValidation guard when they are
 * registered: it runs after the session is resolved and the rate limit counted (onRequest), and before the
 * request is validated, so a signed-out caller learns that first (401) whatever they sent.
 */
import type { FastifyRequest, preValidationAsyncHookHandler, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MODERATION_MESSAGES } from '#common/moderation';
import { forbidden, unauthorized } from '../lib/http-errors';
import { isRestricted, userStanding, type UserStanding } from '../db/user-standing';

export type RouteAccess = 'public' | 'user' | 'moderator' | 'admin';

/**
 * The signed-in user, as the session plugin (modules/auth/session-plugin.ts) decorates the request with it: this
 * plugin reads the decorator's declared type and imports nothing from the auth module.
 */
export type SignedInUser = NonNullable<FastifyRequest['user']>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required on every /api route (app-routes.api.test.ts checks it). */
    access?: RouteAccess;
    /**
     * Whether the route publishes (anything other people see: stories, tours, profile text, likes, reports):
     * `true` refuses it to suspended and banned users. Every signed-in write (`access: 'user'` and a method other
     * than GET) must say `true` or `false`, or registering it throws, so a new publishing route cannot forget it
     * (docs/decisions/035-standing-in-the-route-contract.md). Moderator and admin routes always need good standing.
     */
    goodStanding?: boolean;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

const requireUser: preValidationHookHandler = (request, _reply, done) => {
  done(request.user ? undefined : unauthorized(SIGN_IN_REQUIRED));
};

export const accessPlugin = fp(
  async (app) => {
    const refuseRestricted = (standing: UserStanding | null) => {
      if (standing?.banned) throw forbidden(MODERATION_MESSAGES.banned);
      if (isRestricted(standing)) throw forbidden(MODERATION_MESSAGES.suspended);
    };
    /** The role, then the standing: a suspended or banned moderator moderates nothing (one read of the row). */
    const requireRole =
      (roles: readonly string[], message: string): preValidationAsyncHookHandler =>
      async (request) => {
        const standing = request.user ? await userStanding(app.database, request.user.id) : null;
        if (!standing || !roles.includes(standing.role)) throw forbidden(message);
        refuseRestricted(standing);
      };
    const requireGoodStanding: preValidationAsyncHookHandler = async (request) => {
      if (!request.user) return;
      refuseRestricted(await userStanding(app.database, request.user.id));
    };
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      const standing = route.config?.goodStanding ? [requireGoodStanding] : [];
      switch (access) {
        case 'user':
          if (isWrite(route.method) && typeof route.config?.goodStanding !== 'boolean') {
            throw new Error(
              `${String(route.method)} ${route.url}: a signed-in write must declare goodStanding (does it publish?)`,
            );
          }
          route.preValidation = [requireUser, ...standing, ...asArray(route.preValidation)];
          return;
        case 'moderator':
          route.preValidation = [
            requireUser,
            requireRole(['moderator', 'admin'], MODERATION_MESSAGES.moderatorsOnly),
            ...asArray(route.preValidation),
          ];
          return;
        case 'admin':
          route.preValidation = [
            requireUser,
            requireRole(['admin'], MODERATION_MESSAGES.adminsOnly),
            ...asArray(route.preValidation),
          ];
          return;
        case 'public':
        case undefined:
          return;
      }
    });
  },
  { name: 'access', dependencies: ['session'] },
);

/** Any method but a read: writes declare whether they publish. */
function isWrite(method: string | string[]): boolean {
  return (Array.isArray(method) ? method : [method]).some((m) => m !== 'GET' && m !== 'HEAD');
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The signed-in user of a route declared `access: 'user'` (the access hook has already refused visitors). */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw unauthorized(SIGN_IN_REQUIRED);
  return request.user;
}

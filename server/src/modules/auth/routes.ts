/**
 * Account calls of docs/design.md, part 7 (mounted under /api): /user/register, /user/login, /user/current,
 * /user/setup, /user/check-username, /user/forgot-password, /user/reset-password and /logout.
 * Thin: parse with the shared schema, call the service, set or clear the session cookie.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ROUTES } from '#common/api/routes';
import { addressKey } from '../../lib/client-address';
import { apiRoute } from '../../lib/api-route';
import { badRequest, forbidden } from '../../lib/http-errors';
import { currentUser } from '../../plugins/access';
import { userStanding } from '../../db/user-standing';
import { CROSS_SITE_REFUSED, isSameOriginNavigation } from '../../plugins/same-origin';
import { toCurrentUser, type RequestContext } from './service';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-plugin';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-cookies';
import { localeOfRequest } from '../../lib/i18n/server-messages';

const publicRoute = { access: 'public' } as const;
const userRoute = { access: 'user' } as const;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.auth.service;

  const context = (request: FastifyRequest): RequestContext => ({
    address: addressKey(request.ip),
    now: new Date(),
    rateLimits: !app.config.rateLimitDisabled,
    deviceCookie: request.cookies[DEVICE_COOKIE],
    locale: localeOfRequest(request.headers['accept-language']),
  });
  const cookieToken = sessionToken;

  app.route({
    ...apiRoute(app, 'register', { summary: 'Create an account and sign in' }),
    config: publicRoute,
    handler: async (request, reply) => {
      const { user, token } = await service.register(request.body, context(request), cookieToken(request));
      setSessionCookie(request, reply, token);
      // ADMIN_USERNAMES (docs/moderation.md "The first admin"): a named account is an admin from its first answer.
      if (app.config.adminUsernames.includes(user.username.toLowerCase())) {
        const promoted = await app.moderation.service.grantConfiguredAdmins([user.username.toLowerCase()]);
        if (promoted.length > 0) return reply.code(201).send({ ...user, role: 'admin' as const });
      }
      return reply.code(201).send(user);
    },
  });

  app.route({
    ...apiRoute(app, 'login', { summary: 'Sign in' }),
    config: publicRoute,
    // A refused body is still a failed sign-in: counted for the address before the 400 (service.ts).
    attachValidation: true,
    handler: async (request, reply) => {
      if (request.validationError) {
        await service.countMalformedLogin(context(request));
        throw badRequest(request.validationError.validation?.[0]?.message ?? request.validationError.message);
      }
      const { user, token, deviceCookie } = await service.login(request.body, context(request), cookieToken(request));
      setSessionCookie(request, reply, token);
      // Only the sign-in call reads it: no other request carries it.
      reply.setCookie(DEVICE_COOKIE, deviceCookie, {
        path: API_ROUTES.login.path,
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.cookieSecure || request.protocol === 'https',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
      return user;
    },
  });

  app.route({
    ...apiRoute(app, 'currentUser', { summary: 'The signed-in user (401 when signed out)' }),
    config: userRoute,
    handler: async (request) => {
      const user = currentUser(request);
      // The role fresh from the database, not the session cache: a promotion or demotion shows on the next load.
      const standing = await userStanding(app.database, user.id);
      return { ...toCurrentUser(user), ...(standing ? { role: standing.role } : {}) };
    },
  });

  app.route({
    ...apiRoute(app, 'setupProfile', { summary: 'Complete or edit the profile' }),
    // The display name and bio are public: publishing.
    config: { ...userRoute, goodStanding: true },
    handler: async (request) => service.setupProfile(currentUser(request).id, request.body),
  });

  app.route({
    ...apiRoute(app, 'setLanguage', { summary: "Set the user's language (interface and new stories)" }),
    // Private to the user: the language is shown to no one else, so no publishing standing is asked.
    config: { ...userRoute, goodStanding: false },
    handler: async (request) => service.setLanguage(currentUser(request).id, request.body.language),
  });

  app.route({
    ...apiRoute(app, 'checkUsername', { summary: 'Does a username exist?' }),
    config: publicRoute,
    handler: async (request) => ({ exists: await service.usernameExists(request.body.username, context(request)) }),
  });

  app.route({
    ...apiRoute(app, 'forgotPassword', { summary: 'Mail a single-use reset code' }),
    config: publicRoute,
    handler: async (request) => {
      await service.requestPasswordReset(request.body.username, context(request));
      return { message: 'A reset code has been sent to the email address of this account.' };
    },
  });

  app.route({
    ...apiRoute(app, 'resetPassword', { summary: 'Set a new password with the mailed code' }),
    config: publicRoute,
    handler: async (request, reply) => {
      const { user, token } = await service.resetPassword(request.body, context(request));
      setSessionCookie(request, reply, token);
      return user;
    },
  });

  const endSession = async (request: FastifyRequest) => {
    const token = cookieToken(request);
    if (token) await service.endSession(token);
  };

  app.route({
    ...apiRoute(app, 'logout', { summary: 'Sign out' }),
    config: publicRoute,
    handler: async (request, reply) => {
      await endSession(request);
      clearSessionCookie(request, reply);
      return { message: 'Signed out' };
    },
  });

  // The setup screen's "Sign Out" is a plain link to this path.
  app.route({
    ...apiRoute(app, 'logoutLink', { summary: 'Sign out, then redirect to /auth' }),
    config: publicRoute,
    handler: async (request, reply) => {
      // A link on another site must not sign the user out (a GET is not checked by the same-origin guard).
      if (!isSameOriginNavigation(request)) throw forbidden(CROSS_SITE_REFUSED);
      await endSession(request);
      clearSessionCookie(request, reply);
      return reply.redirect('/auth', 302);
    },
  });
};

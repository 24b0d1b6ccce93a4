/**
 * Account calls of spec section 7 (mounted under /api): /user/register, /user/login, /user/current,
 * /user/setup, /user/check-username, /user/forgot-password, /user/reset-password and /logout.
 * Thin: parse with the shared schema, call the service, set or clear the session cookie.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  checkUsernameRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  setupRequestSchema,
} from '#common/schemas';
import { parseOrThrow } from '../../lib/http-errors';
import { createMailer } from '../../mail/mailer';
import * as auth from './service';
import { clearSessionCookie, currentUser, requireUser, setSessionCookie } from './session-plugin';
import { deleteSession, SESSION_COOKIE } from './session-store';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    dataDir: app.config.dataDir,
    log: app.log,
  });
  app.addHook('onClose', async () => mailer.close());
  const deps: auth.AuthDeps = { db: app.database.db, mailer, log: app.log };

  const context = (request: FastifyRequest): auth.RequestContext => ({
    ip: request.ip,
    now: new Date(),
    rateLimits: !app.config.rateLimitDisabled,
  });
  const cookieToken = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];

  // Account answers are personal: no shared cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/user/register', async (request, reply) => {
    const input = parseOrThrow(registerRequestSchema, request.body);
    const { user, token } = await auth.register(deps, input, context(request), cookieToken(request));
    setSessionCookie(request, reply, token);
    return reply.code(201).send(user);
  });

  app.post('/user/login', async (request, reply) => {
    const input = parseOrThrow(loginRequestSchema, request.body);
    const { user, token } = await auth.login(deps, input, context(request), cookieToken(request));
    setSessionCookie(request, reply, token);
    return user;
  });

  app.get('/user/current', { preHandler: requireUser }, async (request) => auth.toCurrentUser(currentUser(request)));

  app.post('/user/setup', { preHandler: requireUser }, async (request) => {
    const input = parseOrThrow(setupRequestSchema, request.body);
    return auth.setupProfile(deps, currentUser(request).id, input);
  });

  app.post('/user/check-username', async (request) => {
    const { username } = parseOrThrow(checkUsernameRequestSchema, request.body);
    return { exists: await auth.usernameExists(deps, username, context(request)) };
  });

  app.post('/user/forgot-password', async (request) => {
    const { username } = parseOrThrow(forgotPasswordRequestSchema, request.body);
    await auth.requestPasswordReset(deps, username, context(request));
    return { message: 'A reset code has been sent to the email address of this account.' };
  });

  app.post('/user/reset-password', async (request, reply) => {
    const input = parseOrThrow(resetPasswordRequestSchema, request.body);
    const { user, token } = await auth.resetPassword(deps, input, context(request));
    setSessionCookie(request, reply, token);
    return user;
  });

  const endSession = async (request: FastifyRequest) => {
    const token = cookieToken(request);
    if (token) await deleteSession(deps.db, token);
  };

  app.post('/logout', async (request, reply) => {
    await endSession(request);
    clearSessionCookie(reply);
    return { message: 'Signed out' };
  });

  // The setup screen's "Sign Out" is a plain link to this path.
  app.get('/logout', async (request, reply) => {
    await endSession(request);
    clearSessionCookie(reply);
    return reply.redirect('/auth', 302);
  });
};

/**
 * Your account and your data (docs/design.md, rule 13), signed in only:
 * - DELETE /api/account { password } → 200 { message }: the user, their stories with their media, their likes
 *   (other stories' counts go down), reports, notifications, sessions, unlock records and reset codes; the
 *   session cookie is cleared. A wrong password → 403 and nothing changes.
 * - GET /api/account/export → 200 one JSON file (Content-Disposition: attachment): profile, stories with media
 *   links valid for a day, likes given, your stories' and tours' insights (day counts). Never a password hash, a session token or a reset code.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES } from '#common/account-schemas';
import { addressKey } from '../../lib/client-address';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { clearSessionCookie } from '../auth';
import { routeLimit } from '../../lib/route-limit';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.account.service;
  // Password confirmations are throttled like sign-ins would be: a stolen session must not try passwords freely.
  const rateLimit = routeLimit(app, {
    max: app.config.limits.passwordConfirmsPerUser.limit,
    timeWindow: app.config.limits.passwordConfirmsPerUser.windowMs,
    keyGenerator: (request: { user: { id: string } | null; ip: string }) =>
      request.user ? `user:${request.user.id}` : addressKey(request.ip),
  });

  // Personal answers: no shared cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...apiRoute(app, 'deleteAccount', {
      summary: 'Delete your account and everything in it (confirm with your password; wrong password: 403)',
    }),
    config: { access: 'user', goodStanding: false, rateLimit },
    handler: async (request, reply) => {
      const userId = currentUser(request).id;
      // The traces' rows go with the account (cascade); their photos, kept in others' story folders, are read first.
      const tracePhotos = await app.traces.service.photoKeysOf(userId);
      await service.deleteAccount(userId, request.body.password);
      await app.traces.service.removePhotos(tracePhotos);
      clearSessionCookie(request, reply);
      return { message: ACCOUNT_MESSAGES.deleted };
    },
  });

  app.route({
    ...apiRoute(app, 'exportAccount', {
      summary: 'Download your data: profile, stories (media links valid for a day) and likes given, as one JSON file',
    }),
    config: { access: 'user' },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const data = {
        ...(await service.exportData(user.id)),
        insights: await app.insights.service.exportFor(user.id),
        tourInsights: await app.insights.service.exportToursFor(user.id),
        traces: await app.traces.service.exportOf(user.id),
        follows: await app.follows.service.exportOf(user.id),
      };
      const date = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="whispers-data-${user.username}-${date}.json"`);
      return data;
    },
  });
};

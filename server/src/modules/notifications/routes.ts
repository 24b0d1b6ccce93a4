/**
 * Notifications (docs/design.md, part 7; docs/architecture.md, "Notifications"), all under /api:
 * - GET  /notifications            the user's own, newest first; ?limit=&cursor=, Link rel="next"; a plain array
 * - GET  /notifications/unread     the same, unread only
 * - POST /notifications/:id/read   404 for someone else's
 * - POST /notifications/read-all
 * - GET  /notifications/stream     Server-Sent Events (notification-stream.ts)
 * - GET  /notifications/smart/:lat/:lng?timeOfDay=night|morning|afternoon|evening   public
 * Everything but /smart answers 401 signed out.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nextPageLink, openCursorOr400, type PageCursor } from '../../lib/paging';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { PERMISSIONS_POLICY, PERSONAL_CACHE_CONTROL } from '../../plugins/response-headers';
import { streamNotifications } from './notification-stream';
import { notificationIn } from './notification-language';
import { localeOfRequest, speakerOf } from '../../lib/i18n/server-messages';
import { say } from '#common/words';
import { isInterfaceLocale } from '#common/locales';
import { LOCATION_RATE_LIMIT } from '../stories';
import { routeLimit } from '../../lib/route-limit';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.notifications;
  const user = { access: 'user', goodStanding: false } as const;
  const smartConfig = {
    access: 'public',
    rateLimit: routeLimit(app, LOCATION_RATE_LIMIT),
  } as const;

  /** Sealed cursors, as every list's (lib/paging.ts). */
  const pageQuery = (query: { limit?: number; cursor?: string }) => ({
    limit: query.limit,
    cursor: openCursorOr400(app.location.pageCursors, query.cursor),
  });
  const linkNext = (request: FastifyRequest, reply: FastifyReply, cursor: PageCursor | null) => {
    if (cursor) reply.header('link', nextPageLink(request.url, app.location.pageCursors.seal(cursor)));
  };
  /** The texts in the language the client asks in (it sends its interface's: docs/decisions/062-interface-languages.md). */
  const inReadersLanguage = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'Accept-Language');
    const locale = localeOfRequest(request.headers['accept-language']);
    return (items: Parameters<typeof notificationIn>[1][]) => items.map((n) => notificationIn(locale, n));
  };

  app.route({
    ...apiRoute(app, 'notifications', { summary: 'My notifications, newest first (Link rel="next")' }),
    config: user,
    handler: async (request, reply) => {
      const page = await service.list(currentUser(request).id, pageQuery(request.query));
      linkNext(request, reply, page.next);
      return inReadersLanguage(request, reply)(page.items);
    },
  });

  app.route({
    ...apiRoute(app, 'unreadNotifications', { summary: 'My unread notifications, newest first' }),
    config: user,
    handler: async (request, reply) => {
      const page = await service.unread(currentUser(request).id, pageQuery(request.query));
      linkNext(request, reply, page.next);
      return inReadersLanguage(request, reply)(page.items);
    },
  });

  app.route({
    ...apiRoute(app, 'markAllNotificationsRead', { summary: 'Mark all my notifications read' }),
    config: user,
    handler: async (request) => ({ updated: await service.markAllRead(currentUser(request).id) }),
  });

  app.route({
    ...apiRoute(app, 'markNotificationRead', { summary: 'Mark one of my notifications read (404 for anyone else’s)' }),
    config: user,
    handler: async (request) => {
      await service.markRead(currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  });

  app.route({
    ...apiRoute(app, 'smartSuggestions', {
      summary: 'Suggestions for a place and time of day (signed out: nearby and discovery only)',
    }),
    config: smartConfig,
    handler: async (request, reply) => {
      const { lat, lng } = request.params;
      const signedIn = request.user ? { id: request.user.id, favoriteStoryType: request.user.favoriteStoryType } : null;
      const suggestions = await service.smart({
        latitude: lat,
        longitude: lng,
        timeOfDay: request.query.timeOfDay,
        user: signedIn,
      });
      reply.header('vary', 'Accept-Language');
      const speaker = speakerOf(localeOfRequest(request.headers['accept-language']));
      return suggestions.map((item) => ({
        ...item,
        title: say(item.title, speaker),
        message: say(item.message, speaker),
      }));
    },
  });

  app.route({
    ...apiRoute(app, 'notificationStream', {
      summary: 'Server-Sent Events: my new notifications, live (event: notification)',
    }),
    config: user,
    handler: async (request, reply) => {
      const headerId = request.headers['last-event-id'];
      await streamNotifications(request, reply, app.notifications, {
        userId: currentUser(request).id,
        lastEventId: typeof headerId === 'string' ? headerId : (request.query.lastEventId ?? null),
        // EventSource cannot set Accept-Language: the client names its interface's language in the query.
        locale: isInterfaceLocale(request.query.lang)
          ? request.query.lang
          : localeOfRequest(request.headers['accept-language']),
        // The same headers as every other answer: the security headers and request id set by the onRequest
        // hooks, the Permissions-Policy, and a personal answer no cache may keep.
        headers: {
          ...(reply.getHeaders() as OutgoingHttpHeaders),
          'permissions-policy': PERMISSIONS_POLICY,
          'cache-control': `${PERSONAL_CACHE_CONTROL}, no-transform`,
        },
        lifetimeMs: app.config.notificationStreamLifetimeMs,
      });
    },
  });
};

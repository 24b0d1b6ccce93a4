/**
 * Notifications (spec section 7; issue 11), all under /api:
 * - GET  /notifications            the user's own, newest first; ?limit=&cursor=, Link rel="next"; a plain array
 * - GET  /notifications/unread     the same, unread only
 * - POST /notifications/:id/read   404 for someone else's
 * - POST /notifications/read-all
 * - GET  /notifications/stream     Server-Sent Events (below)
 * - GET  /notifications/smart/:lat/:lng?timeOfDay=night|morning|afternoon|evening   public
 * Everything but /smart answers 401 signed out.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_LIMITS, STREAM_REPLACED_EVENT } from '#common/notifications';
import type { Notification } from '#common/notification-schemas';
import { nextPageLink, openCursorOr400, type PageCursor } from '../../lib/paging';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { PERMISSIONS_POLICY, PERSONAL_CACHE_CONTROL } from '../../plugins/response-headers';
import type { StreamEnd } from './notification-hub';
import { LOCATION_RATE_LIMIT } from '../stories';
import { routeLimit } from '../../lib/route-limit';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, hub } = app.notifications;
  const user = { access: 'user', goodStanding: false } as const;
  const smartConfig = {
    access: 'public',
    rateLimit: routeLimit(app, LOCATION_RATE_LIMIT),
  } as const;

  /** Sealed cursors, as every list's (lib/paging.ts). */
  const pageQuery = (query: { limit?: number; cursor?: string }) => ({ limit: query.limit, cursor: openCursorOr400(app.pageCursors, query.cursor) });
  const linkNext = (request: FastifyRequest, reply: FastifyReply, cursor: PageCursor | null) => {
    if (cursor) reply.header('link', nextPageLink(request.url, app.pageCursors.seal(cursor)));
  };

  app.route({
    ...apiRoute(app, 'notifications', { summary: 'My notifications, newest first (Link rel="next")' }),
    config: user,
    handler: async (request, reply) => {
      const page = await service.list(currentUser(request).id, pageQuery(request.query));
      linkNext(request, reply, page.next);
      return page.items;
    },
  });

  app.route({
    ...apiRoute(app, 'unreadNotifications', { summary: 'My unread notifications, newest first' }),
    config: user,
    handler: async (request, reply) => {
      const page = await service.unread(currentUser(request).id, pageQuery(request.query));
      linkNext(request, reply, page.next);
      return page.items;
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
    ...apiRoute(app, 'smartSuggestions', { summary: 'Suggestions for a place and time of day (signed out: nearby and discovery only)' }),
    config: smartConfig,
    handler: async (request) => {
      const { lat, lng } = request.params;
      const signedIn = request.user ? { id: request.user.id, favoriteStoryType: request.user.favoriteStoryType } : null;
      return service.smart({ latitude: lat, longitude: lng, timeOfDay: request.query.timeOfDay, user: signedIn });
    },
  });

  /**
   * The live stream: `event: notification`, `id:` the notification id, `data:` the notification as the list
   * returns it; a heartbeat comment every 25 s; on reconnect (Last-Event-ID header, or ?lastEventId= for a
   * client that cannot set it) what was missed in the last 24 h, up to 100. Live ones arriving during the replay
   * are held back and sent after it, each id once. At most 5 streams per user here: a sixth ends the oldest
   * with a final `replaced` event (its client does not reconnect). A stream ends after an hour (the client
   * reconnects) and when one of the user's sessions ends or the account goes.
   */
  app.route({
    ...apiRoute(app, 'notificationStream', { summary: 'Server-Sent Events: my new notifications, live (event: notification)' }),
    config: user,
    handler: async (request, reply) => {
      const userId = currentUser(request).id;
      const headerId = request.headers['last-event-id'];
      const lastEventId = typeof headerId === 'string' ? headerId : (request.query.lastEventId ?? null);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // The same headers as every other answer (issue 22): the security headers and request id set by the
        // onRequest hooks, the Permissions-Policy, and a personal answer no cache may keep.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'permissions-policy': PERMISSIONS_POLICY,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': `${PERSONAL_CACHE_CONTROL}, no-transform`,
        connection: 'keep-alive',
        // Proxies such as nginx must pass events through at once.
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');

      let replaying = true;
      const held: Notification[] = [];
      const sent = new Set<string>();
      const write = (n: Notification) => {
        if (res.writableEnded || sent.has(n.id)) return;
        if (replaying) sent.add(n.id);
        res.write(`event: notification\nid: ${n.id}\ndata: ${JSON.stringify(n)}\n\n`);
      };
      const end = (reason: StreamEnd) => {
        if (res.writableEnded) return;
        // A replaced stream's client must not come back: it would replace another tab's, for ever (issue 22).
        if (reason === 'replaced') res.write(`event: ${STREAM_REPLACED_EVENT}\ndata: {}\n\n`);
        res.end();
      };
      const heartbeat = setInterval(() => {
        if (!res.writableEnded) res.write(': heartbeat\n\n');
      }, NOTIFICATION_LIMITS.heartbeatMs);
      heartbeat.unref();
      // No stream lives for ever: the client reconnects (with Last-Event-ID) and its session is checked again.
      const lifetime = setTimeout(() => end('ended'), app.config.notificationStreamLifetimeMs);
      lifetime.unref();
      const remove = hub.add({
        userId,
        send: (n) => (replaying ? held.push(n) : write(n)),
        close: end,
      });
      const cleanUp = () => {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        remove();
      };
      request.raw.on('close', cleanUp);
      res.on('close', cleanUp);

      try {
        if (lastEventId) for (const n of await service.replay(userId, lastEventId)) write(n);
      } catch (error) {
        request.log.warn({ err: error }, 'notifications: replay failed');
      }
      for (const n of held) write(n);
      replaying = false;
      held.length = 0;
      sent.clear();
    },
  });
};

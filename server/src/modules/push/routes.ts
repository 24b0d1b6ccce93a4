/**
 * Web Push calls (docs/decisions/015-installable-offline-push.md), all under /api:
 * - GET    /push/public-key        public: the VAPID public key for PushManager.subscribe
 * - POST   /push/subscriptions     a PushSubscriptionJSON: this device gets my pushes (201)
 * - POST   /push/subscriptions/status  { endpoint } → { subscribed }: is this device subscribed for me?
 * - DELETE /push/subscriptions     { endpoint }: this device stops (200; 404 when it was not mine)
 * - GET    /push/preferences       { kinds }: which kinds come by push
 * - PUT    /push/preferences       { kinds }
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { routeLimit } from '../../lib/route-limit';

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.push;
  // A device subscribes once; a page may ask its state on every account visit. Per account.
  const rateLimit = routeLimit(app, {
    max: 30,
    timeWindow: 60_000,
    keyGenerator: (request: { user: { id: string } | null; ip: string }) => `push:${request.user?.id ?? request.ip}`,
  });
  // Personal settings of this device: open to a suspended or banned user too.
  const user = { access: 'user', goodStanding: false, rateLimit } as const;

  app.route({
    ...apiRoute(app, 'pushPublicKey', { summary: 'VAPID public key for Web Push' }),
    config: { access: 'public' },
    handler: async () => ({ publicKey: service.publicKey }),
  });

  app.route({
    ...apiRoute(app, 'pushSubscribe', {
      summary: 'Subscribe this device to my push notifications (PushSubscriptionJSON)',
    }),
    config: user,
    handler: async (request, reply) => {
      // Bound to this session: signing out, however it happens, removes the device's subscription.
      await service.subscribe(currentUser(request).id, request.body, request.sessionId);
      return reply.code(201).send({ subscribed: true });
    },
  });

  app.route({
    ...apiRoute(app, 'pushSubscriptionStatus', {
      summary: 'Whether this device (endpoint) gets my push notifications',
    }),
    config: user,
    handler: async (request) => ({
      subscribed: await service.isSubscribed(currentUser(request).id, request.body.endpoint),
    }),
  });

  app.route({
    ...apiRoute(app, 'pushUnsubscribe', { summary: 'Unsubscribe this device (endpoint) from my push notifications' }),
    config: user,
    handler: async (request) => {
      await service.unsubscribe(currentUser(request).id, request.body.endpoint);
      return { subscribed: false };
    },
  });

  app.route({
    ...apiRoute(app, 'pushPreferences', { summary: 'Which kinds of notification I get by push' }),
    config: user,
    handler: async (request) => ({ kinds: await service.preferences(currentUser(request).id) }),
  });

  app.route({
    ...apiRoute(app, 'setPushPreferences', { summary: 'Choose which kinds of notification I get by push' }),
    config: user,
    handler: async (request) => {
      return { kinds: await service.setPreferences(currentUser(request).id, request.body.kinds) };
    },
  });
};

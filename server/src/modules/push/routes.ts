/**
 * Web Push calls (issue 24), all under /api:
 * - GET    /push/public-key        public: the VAPID public key for PushManager.subscribe
 * - POST   /push/subscriptions     a PushSubscriptionJSON: this device gets my pushes (201)
 * - POST   /push/subscriptions/status  { endpoint } → { subscribed }: is this device subscribed for me?
 * - DELETE /push/subscriptions     { endpoint }: this device stops (200; 404 when it was not mine)
 * - GET    /push/preferences       { kinds }: which kinds come by push
 * - PUT    /push/preferences       { kinds }
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUSH_TEXTS } from '#common/push';
import { badRequest, notFound } from '../../lib/http-errors';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { routeLimit } from '../../lib/route-limit';
import { checkPushEndpoint } from './endpoint-guard';
import { subscriptionKeysProblem } from './subscription-keys';

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repository, testOrigins, allowedHosts } = app.push;
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
    handler: async () => ({ publicKey: app.push.publicKey }),
  });

  app.route({
    ...apiRoute(app, 'pushSubscribe', { summary: 'Subscribe this device to my push notifications (PushSubscriptionJSON)' }),
    config: user,
    handler: async (request, reply) => {
      const { endpoint, keys } = request.body;
      // The same reading of the endpoint as the sender's (endpoint-guard.ts); where it resolves is checked per send.
      const check = checkPushEndpoint(endpoint, { allowedHosts, testOrigins });
      if (!check.ok) throw badRequest(check.message);
      const keysProblem = subscriptionKeysProblem(keys);
      if (keysProblem) throw badRequest(keysProblem);
      await repository.save(currentUser(request).id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return reply.code(201).send({ subscribed: true });
    },
  });

  app.route({
    ...apiRoute(app, 'pushSubscriptionStatus', { summary: 'Whether this device (endpoint) gets my push notifications' }),
    config: user,
    handler: async (request) => ({ subscribed: await repository.has(currentUser(request).id, request.body.endpoint) }),
  });

  app.route({
    ...apiRoute(app, 'pushUnsubscribe', { summary: 'Unsubscribe this device (endpoint) from my push notifications' }),
    config: user,
    handler: async (request) => {
      if (!(await repository.remove(currentUser(request).id, request.body.endpoint))) throw notFound(PUSH_TEXTS.notFound);
      return { subscribed: false };
    },
  });

  app.route({
    ...apiRoute(app, 'pushPreferences', { summary: 'Which kinds of notification I get by push' }),
    config: user,
    handler: async (request) => ({ kinds: await repository.preferences(currentUser(request).id) }),
  });

  app.route({
    ...apiRoute(app, 'setPushPreferences', { summary: 'Choose which kinds of notification I get by push' }),
    config: user,
    handler: async (request) => {
      const userId = currentUser(request).id;
      await repository.setPreferences(userId, [...new Set(request.body.kinds)]);
      return { kinds: await repository.preferences(userId) };
    },
  });
};

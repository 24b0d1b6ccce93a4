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
import {
  PUSH_TEXTS,
  pushPreferencesSchema,
  pushPublicKeySchema,
  pushSubscribedSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '#common/push';
import { badRequest, notFound } from '../../lib/http-errors';
import { withErrorResponses } from '../../lib/route-responses';
import { currentUser } from '../../plugins/access';
import { isAllowedPushEndpoint } from './endpoint-guard';

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { repository, testOrigins } = app.push;
  // A device subscribes once; a page may ask its state on every account visit. Per account.
  const rateLimit = app.config.rateLimitDisabled
    ? (false as const)
    : { max: 30, timeWindow: 60_000, keyGenerator: (request: { user: { id: string } | null; ip: string }) => `push:${request.user?.id ?? request.ip}` };
  const user = { access: 'user', rateLimit } as const;

  app.get(
    '/push/public-key',
    { config: { access: 'public' }, schema: { summary: 'VAPID public key for Web Push', response: withErrorResponses({ 200: pushPublicKeySchema }) } },
    async () => ({ publicKey: app.push.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      config: user,
      schema: {
        summary: 'Subscribe this device to my push notifications (PushSubscriptionJSON)',
        body: pushSubscriptionBodySchema,
        response: withErrorResponses({ 201: pushSubscribedSchema }),
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      if (!isAllowedPushEndpoint(endpoint, testOrigins)) throw badRequest(PUSH_TEXTS.badEndpoint);
      await repository.save(currentUser(request).id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return reply.code(201).send({ subscribed: true });
    },
  );

  app.post(
    '/push/subscriptions/status',
    {
      config: user,
      schema: {
        summary: 'Whether this device (endpoint) gets my push notifications',
        body: pushUnsubscribeBodySchema,
        response: withErrorResponses({ 200: pushSubscribedSchema }),
      },
    },
    async (request) => ({ subscribed: await repository.has(currentUser(request).id, request.body.endpoint) }),
  );

  app.delete(
    '/push/subscriptions',
    {
      config: user,
      schema: {
        summary: 'Unsubscribe this device (endpoint) from my push notifications',
        body: pushUnsubscribeBodySchema,
        response: withErrorResponses({ 200: pushSubscribedSchema }),
      },
    },
    async (request) => {
      if (!(await repository.remove(currentUser(request).id, request.body.endpoint))) throw notFound(PUSH_TEXTS.notFound);
      return { subscribed: false };
    },
  );

  app.get(
    '/push/preferences',
    { config: user, schema: { summary: 'Which kinds of notification I get by push', response: withErrorResponses({ 200: pushPreferencesSchema }) } },
    async (request) => ({ kinds: await repository.preferences(currentUser(request).id) }),
  );

  app.put(
    '/push/preferences',
    {
      config: user,
      schema: {
        summary: 'Choose which kinds of notification I get by push',
        body: pushPreferencesSchema,
        response: withErrorResponses({ 200: pushPreferencesSchema }),
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await repository.setPreferences(userId, [...new Set(request.body.kinds)]);
      return { kinds: await repository.preferences(userId) };
    },
  );
};

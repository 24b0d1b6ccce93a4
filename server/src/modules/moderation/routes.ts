/**
 * Trust and safety (DESIGN.md decision 18, issue 26; docs/moderation.md):
 * - GET  /api/moderation/queue                         moderator → the queue (stories with open reports or appeals)
 * - POST /api/moderation/stories/:id/decisions          moderator { action: dismiss|hide|restore|remove, reason, note? }
 * - POST /api/moderation/users/:userId/decisions        moderator { action: warn|suspend|ban, reason, note?, days?, storyId? }
 * - POST /api/moderation/appeals/:id/resolve            moderator (not the one who decided) { outcome: uphold|reverse, note? }
 * - GET  /api/moderation/audit?limit                    admin → the audit log, newest first
 * - POST /api/admin/roles                               admin { username, role }
 * - GET  /api/moderation/decisions/mine                 user → decisions about me, with what I may appeal
 * - POST /api/moderation/decisions/:id/appeal           user (the decision's subject) { text }
 * - GET  /api/blocks, PUT /api/blocks/:userId, DELETE /api/blocks/:userId   user → private blocks
 * Moderator and admin roles are read fresh for every call (plugins/access.ts): 403 to anyone else.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appealRequestSchema,
  appealResolutionRequestSchema,
  appealResultSchema,
  auditListSchema,
  auditQuerySchema,
  blockListSchema,
  blockResultSchema,
  decisionResultSchema,
  idParamsSchema,
  myDecisionsSchema,
  queueSchema,
  roleRequestSchema,
  roleResultSchema,
  storyDecisionRequestSchema,
  userDecisionRequestSchema,
  userIdParamsSchema,
} from '#common/moderation';
import { addressKey } from '../../lib/client-address';
import { withErrorResponses } from '../../lib/route-responses';
import { currentUser } from '../../plugins/access';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.moderation;
  const rateLimit = app.config.rateLimitDisabled
    ? (false as const)
    : {
        max: 60,
        timeWindow: 60_000,
        keyGenerator: (request: { user: { id: string } | null; ip: string }) =>
          request.user ? `user:${request.user.id}` : `ip:${addressKey(request.ip)}`,
      };
  const moderator = { access: 'moderator', rateLimit } as const;
  const admin = { access: 'admin', rateLimit } as const;
  const user = { access: 'user', rateLimit } as const;

  // Personal and moderation answers: no shared cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/moderation/queue',
    { config: moderator, schema: { summary: 'The moderation queue', response: withErrorResponses({ 200: queueSchema }) } },
    async (request) => service.queue(currentUser(request).id),
  );

  app.post(
    '/moderation/stories/:id/decisions',
    {
      config: moderator,
      schema: {
        summary: 'Decide on a reported story (dismiss, hide, restore, remove)',
        params: idParamsSchema,
        body: storyDecisionRequestSchema,
        response: withErrorResponses({ 201: decisionResultSchema }),
      },
    },
    async (request, reply) => {
      const decision = await service.decideOnStory(currentUser(request).id, request.params.id, request.body);
      return reply.code(201).send({ decision });
    },
  );

  app.post(
    '/moderation/users/:userId/decisions',
    {
      config: moderator,
      schema: {
        summary: 'Decide on an author (warn, suspend 1–30 days, ban)',
        params: userIdParamsSchema,
        body: userDecisionRequestSchema,
        response: withErrorResponses({ 201: decisionResultSchema }),
      },
    },
    async (request, reply) => {
      const decision = await service.decideOnUser(currentUser(request).id, request.params.userId, request.body);
      return reply.code(201).send({ decision });
    },
  );

  app.post(
    '/moderation/appeals/:id/resolve',
    {
      config: moderator,
      schema: {
        summary: 'Decide an appeal (another moderator than the one who decided)',
        params: idParamsSchema,
        body: appealResolutionRequestSchema,
        response: withErrorResponses({ 200: appealResultSchema }),
      },
    },
    async (request) =>
      service.resolveAppeal(currentUser(request).id, request.params.id, request.body.outcome, request.body.note || null),
  );

  app.get(
    '/moderation/audit',
    {
      config: admin,
      schema: { summary: 'The moderation audit log (admins)', querystring: auditQuerySchema, response: withErrorResponses({ 200: auditListSchema }) },
    },
    async (request) => service.auditLog(request.query.limit ?? 100),
  );

  app.post(
    '/admin/roles',
    {
      config: admin,
      schema: { summary: "Change a user's role (admins)", body: roleRequestSchema, response: withErrorResponses({ 200: roleResultSchema }) },
    },
    async (request) => service.setRole(currentUser(request).id, request.body.username, request.body.role),
  );

  app.get(
    '/moderation/decisions/mine',
    { config: user, schema: { summary: 'Moderation decisions about me', response: withErrorResponses({ 200: myDecisionsSchema }) } },
    async (request) => service.myDecisions(currentUser(request).id),
  );

  app.post(
    '/moderation/decisions/:id/appeal',
    {
      config: user,
      schema: {
        summary: 'Appeal a decision about me (once, within 14 days)',
        params: idParamsSchema,
        body: appealRequestSchema,
        response: withErrorResponses({ 201: appealResultSchema }),
      },
    },
    async (request, reply) => reply.code(201).send(await service.appeal(currentUser(request).id, request.params.id, request.body.text)),
  );

  app.get(
    '/blocks',
    { config: user, schema: { summary: 'The authors I have blocked', response: withErrorResponses({ 200: blockListSchema }) } },
    async (request) => service.blocks(currentUser(request).id),
  );

  app.put(
    '/blocks/:userId',
    {
      config: user,
      schema: { summary: "Block an author (private: they are not told)", params: userIdParamsSchema, response: withErrorResponses({ 200: blockResultSchema }) },
    },
    async (request) => service.block(currentUser(request).id, request.params.userId),
  );

  app.delete(
    '/blocks/:userId',
    {
      config: user,
      schema: { summary: 'Unblock an author', params: userIdParamsSchema, response: withErrorResponses({ 200: blockResultSchema }) },
    },
    async (request) => service.unblock(currentUser(request).id, request.params.userId),
  );
};

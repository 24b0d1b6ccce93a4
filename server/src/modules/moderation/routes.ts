/**
 * Trust and safety (docs/design.md, rule 18, docs/moderation.md; docs/moderation.md):
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
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { perUserOrAddress, routeLimit } from '../../lib/route-limit';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.moderation;
  const rateLimit = routeLimit(app, { max: 60, timeWindow: 60_000, keyGenerator: perUserOrAddress });
  const moderator = { access: 'moderator', rateLimit } as const;
  const admin = { access: 'admin', rateLimit } as const;
  // Appeals and blocks stay open to a suspended or banned user (an appeal is how a suspension ends early).
  const user = { access: 'user', goodStanding: false, rateLimit } as const;

  // Personal and moderation answers: no shared cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...apiRoute(app, 'moderationQueue', { summary: 'The moderation queue' }),
    config: moderator,
    handler: async (request) => service.queue(currentUser(request).id),
  });

  app.route({
    ...apiRoute(app, 'decideOnStory', { summary: 'Decide on a reported story (dismiss, hide, restore, remove)' }),
    config: moderator,
    handler: async (request, reply) => {
      const decision = await service.decideOnStory(currentUser(request).id, request.params.id, request.body);
      return reply.code(201).send({ decision });
    },
  });

  app.route({
    ...apiRoute(app, 'decideOnUser', { summary: 'Decide on an author (warn, suspend 1–30 days, ban)' }),
    config: moderator,
    handler: async (request, reply) => {
      const decision = await service.decideOnUser(currentUser(request).id, request.params.userId, request.body);
      return reply.code(201).send({ decision });
    },
  });

  app.route({
    ...apiRoute(app, 'resolveAppeal', { summary: 'Decide an appeal (another moderator than the one who decided)' }),
    config: moderator,
    handler: async (request) =>
      service.resolveAppeal(
        currentUser(request).id,
        request.params.id,
        request.body.outcome,
        request.body.note || null,
      ),
  });

  app.route({
    ...apiRoute(app, 'auditLog', { summary: 'The moderation audit log (admins)' }),
    config: admin,
    handler: async (request) => service.auditLog(request.query.limit ?? 100),
  });

  app.route({
    ...apiRoute(app, 'setRole', { summary: "Change a user's role (admins)" }),
    config: admin,
    handler: async (request) => service.setRole(currentUser(request).id, request.body.username, request.body.role),
  });

  app.route({
    ...apiRoute(app, 'myDecisions', { summary: 'Moderation decisions about me' }),
    config: user,
    handler: async (request) => service.myDecisions(currentUser(request).id),
  });

  app.route({
    ...apiRoute(app, 'appealDecision', { summary: 'Appeal a decision about me (once, within 14 days)' }),
    config: user,
    handler: async (request, reply) =>
      reply.code(201).send(await service.appeal(currentUser(request).id, request.params.id, request.body.text)),
  });

  app.route({
    ...apiRoute(app, 'blocks', { summary: 'The authors I have blocked' }),
    config: user,
    handler: async (request) => service.blocks(currentUser(request).id),
  });

  app.route({
    ...apiRoute(app, 'blockAuthor', { summary: 'Block an author (private: they are not told)' }),
    config: user,
    handler: async (request) => service.block(currentUser(request).id, request.params.userId),
  });

  app.route({
    ...apiRoute(app, 'unblockAuthor', { summary: 'Unblock an author' }),
    config: user,
    handler: async (request) => service.unblock(currentUser(request).id, request.params.userId),
  });
};

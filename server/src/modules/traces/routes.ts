/**
 * Traces (docs/decisions/045-traces-read-where-left.md), under /api:
 * - GET    /api/stories/:id/traces?limit&cursor → { count, readable, canLeave, traces } (traces only when the story is
 *   unlocked for the reader or theirs; next page in Link)
 * - POST   /api/stories/:id/traces { text } → 201 the trace (one per story and day, a daily cap: 429)
 * - PUT    /api/traces/:id/photo (multipart `photo`) → 200; GET /api/traces/:id/photo → the photo to those who read it
 * - DELETE /api/traces/:id (its writer) · POST /api/traces/:id/hide { reason } (the story's author)
 * - POST   /api/traces/:id/appeal { text } (the writer, once) · POST /api/traces/:id/report { reason, note? }
 * - GET    /api/moderation/traces · POST /api/moderation/traces/:id { action } (moderators)
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUuid } from '#common/route-schemas';
import { tracePhotoMultipartSchema } from '#common/trace-schemas';
import { TRACE_MESSAGES } from '#common/traces';
import { badRequest, notFound, unsupportedMediaType } from '../../lib/http-errors';
import { perUserOrAddress, routeLimit } from '../../lib/route-limit';
import { apiRoute } from '../../lib/api-route';
import { nextPageLink } from '../../lib/paging';
import { streamedBody } from '../../plugins/route-contract';
import { currentUser } from '../../plugins/access';

const idOf = (params: { id: string }, message: string) => {
  if (!isUuid(params.id)) throw notFound(message);
  return params.id;
};

export const traceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.traces;
  await app.register(multipart, {
    limits: { fileSize: app.config.maxUploadBytes.image + 1, files: 1, fields: 0, parts: 1 },
  });
  const limited = (max: number) => routeLimit(app, { max, timeWindow: 60_000, keyGenerator: perUserOrAddress });
  const read = { access: 'public', rateLimit: limited(600) } as const;
  // Deleting one's own trace, hiding one on one's own story, appealing, following: open to a suspended user too.
  const write = { access: 'user', goodStanding: false, rateLimit: limited(60) } as const;
  // Leaving, illustrating and reporting a trace contribute: refused to suspended and banned users (plugins/access.ts).
  const publishing = { ...write, goodStanding: true } as const;

  // Who reads whose traces is personal: no shared cache may keep an answer.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...apiRoute(app, 'storyTraces', {
      summary: "A story's traces, newest first, to readers it is unlocked for and its author; the count to anyone",
    }),
    config: read,
    handler: async (request, reply) => {
      const storyId = idOf(request.params, 'Story not found');
      const { body, next } = await service.list(request.user?.id ?? null, storyId, request.query);
      if (next) reply.header('link', nextPageLink(request.url, next));
      return body;
    },
  });

  app.route({
    ...apiRoute(app, 'leaveTrace', {
      summary: 'Leave a trace on a story unlocked for you (once a day per story; a daily cap)',
    }),
    config: publishing,
    handler: async (request, reply) => {
      const trace = await service.leave(
        currentUser(request).id,
        idOf(request.params, 'Story not found'),
        request.body.text,
      );
      return reply.code(201).send(trace);
    },
  });

  app.route({
    ...apiRoute(app, 'addTracePhoto', {
      summary: 'Add one photo to your trace (multipart `photo`; re-encoded, metadata dropped)',
      consumes: ['multipart/form-data'],
      body: streamedBody(tracePhotoMultipartSchema),
    }),
    config: publishing,
    handler: async (request) => {
      const traceId = idOf(request.params, TRACE_MESSAGES.notFound);
      // Whose trace it is and whether it has a photo already are known before the body is read.
      await service.photoTarget(currentUser(request).id, traceId);
      if (!request.isMultipart()) throw unsupportedMediaType('The photo must be sent as multipart/form-data.');
      const file = await request.file();
      if (!file || file.fieldname !== 'photo') throw badRequest('Send one file named photo.');
      const bytes = await file.toBuffer();
      return service.addPhoto(currentUser(request).id, traceId, bytes);
    },
  });

  app.route({
    ...apiRoute(app, 'tracePhoto', { summary: "A trace's photo, to those who may read the trace" }),
    config: { access: 'user', rateLimit: limited(600) },
    handler: async (request, reply) => {
      const { stream, type } = await service.photo(
        currentUser(request).id,
        idOf(request.params, TRACE_MESSAGES.notFound),
      );
      return reply.type(type).send(stream);
    },
  });

  app.route({
    ...apiRoute(app, 'deleteTrace', { summary: 'Delete your trace (and its photo)' }),
    config: write,
    handler: async (request, reply) => {
      await service.delete(currentUser(request).id, idOf(request.params, TRACE_MESSAGES.notFound));
      return reply.code(204).send();
    },
  });

  app.route({
    ...apiRoute(app, 'hideTrace', { summary: 'Hide a trace on your story, with a reason its writer is told' }),
    config: write,
    handler: async (request) => {
      await service.hide(currentUser(request).id, idOf(request.params, TRACE_MESSAGES.notFound), request.body.reason);
      return { ok: true as const };
    },
  });

  app.route({
    ...apiRoute(app, 'appealTrace', { summary: 'Appeal the hiding of your trace (once; it reaches the moderators)' }),
    config: write,
    handler: async (request, reply) => {
      await service.appeal(currentUser(request).id, idOf(request.params, TRACE_MESSAGES.notFound), request.body.text);
      return reply.code(201).send({ ok: true as const });
    },
  });

  app.route({
    ...apiRoute(app, 'reportTrace', { summary: 'Report a trace you can read (201; 200 when you reported it before)' }),
    config: publishing,
    handler: async (request, reply) => {
      const result = await service.report(
        currentUser(request).id,
        idOf(request.params, TRACE_MESSAGES.notFound),
        request.body,
      );
      return reply.code(result.created ? 201 : 200).send({ reported: true as const });
    },
  });

  app.route({
    ...apiRoute(app, 'traceQueue', { summary: 'Reported traces and appealed hidings (moderators)' }),
    config: { access: 'moderator' },
    handler: async () => service.queue(),
  });

  app.route({
    ...apiRoute(app, 'moderateTrace', { summary: 'Hide, restore or dismiss the reports of a trace (moderators)' }),
    config: { access: 'moderator', rateLimit: limited(120) },
    handler: async (request) => {
      await service.moderate(idOf(request.params, TRACE_MESSAGES.notFound), request.body.action, request.body.note);
      return { ok: true as const };
    },
  });
};

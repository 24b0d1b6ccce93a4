/**
 * Transcripts and captions (docs/decisions/056-transcripts-and-captions.md), the author's editor, under /api:
 * - GET    /api/stories/:id/transcript → { kind, duration, published, draft } (the author only)
 * - PUT    /api/stories/:id/transcript { text } → the same, published (WebVTT or plain text; 400 with the problem)
 * - DELETE /api/stories/:id/transcript → 204
 * Readers get the published file through the story's signed `transcriptUrl` (the media route and its checks).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perUserOrAddress, routeLimit } from '../../lib/route-limit';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';

export const transcriptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.transcripts;
  const limited = (max: number) => routeLimit(app, { max, timeWindow: 60_000, keyGenerator: perUserOrAddress });

  // The author's draft is theirs alone: no shared cache may keep an answer.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...apiRoute(app, 'storyTranscript', {
      summary: "Your audio story's transcript or video story's captions, and any speech-to-text draft",
    }),
    config: { access: 'user', rateLimit: limited(120) },
    handler: async (request) => service.get(currentUser(request).id, request.params.id),
  });

  app.route({
    ...apiRoute(app, 'saveTranscript', {
      summary: 'Publish the transcript or captions of your story (WebVTT or plain text; checked and cleaned)',
    }),
    config: { access: 'user', goodStanding: true, rateLimit: limited(30) },
    handler: async (request) => service.save(currentUser(request).id, request.params.id, request.body.text),
  });

  app.route({
    ...apiRoute(app, 'deleteTranscript', { summary: 'Remove the transcript or captions of your story' }),
    config: { access: 'user', goodStanding: false, rateLimit: limited(30) },
    handler: async (request, reply) => {
      await service.remove(currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  });
};

/**
 * Likes and reports (docs/design.md, part 7, docs/design.md, rule 7), signed in only:
 * - POST   /api/stories/:id/like   → 200 { likes, liked: true }   (liking again changes nothing)
 * - DELETE /api/stories/:id/like   → 200 { likes, liked: false }
 * - POST   /api/stories/:id/report { reason (a code of REPORT_REASONS), note? } → 201 { reported: true } the first time; a repeated report by the
 *   same user is idempotent: 200 { reported: true }, nothing stored twice.
 * Unknown stories and stories the user may not see answer 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUuid } from '#common/route-schemas';
import { notFound } from '../../lib/http-errors';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { STORY_NOT_FOUND } from './interaction-service';
import { perUserOrAddress, routeLimit } from '../../lib/route-limit';

/** A malformed id names no story: 404 like any unknown id. */
function storyIdOf(params: { id: string }): string {
  if (!isUuid(params.id)) throw notFound(STORY_NOT_FOUND);
  return params.id;
}

export const storyInteractionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.stories.interaction;
  // Generous (a reader may like many stories while browsing); counted per account, else per address.
  const rateLimit = routeLimit(app, { max: 120, timeWindow: 60_000, keyGenerator: perUserOrAddress });
  const config = { access: 'user', rateLimit } as const;
  // Suspended and banned users may read, not like or report (docs/design.md, rule 18).
  const contributing = { ...config, goodStanding: true } as const;

  app.route({
    ...apiRoute(app, 'likeStory', { summary: 'Like (once per user)' }),
    config: contributing,
    handler: async (request) => {
      const result = await service.like(currentUser(request), storyIdOf(request.params));
      return { likes: result.likes, liked: result.liked };
    },
  });

  app.route({
    ...apiRoute(app, 'unlikeStory', { summary: 'Unlike' }),
    config: { ...config, goodStanding: false },
    handler: async (request) => {
      const result = await service.unlike(currentUser(request).id, storyIdOf(request.params));
      return { likes: result.likes, liked: result.liked };
    },
  });

  app.route({
    ...apiRoute(app, 'reportStory', { summary: 'Report a story (201; 200 when the same user reports it again)' }),
    config: contributing,
    handler: async (request, reply) => {
      // A report that hides the story tells its author (interaction-service.ts).
      const result = await service.report(currentUser(request).id, storyIdOf(request.params), request.body);
      return reply.code(result.created ? 201 : 200).send({ reported: true });
    },
  });
};

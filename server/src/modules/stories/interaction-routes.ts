/**
 * Likes and reports (spec section 7, DESIGN.md decision 7), signed in only:
 * - POST   /api/stories/:id/like   → 200 { likes, liked: true }   (liking again changes nothing)
 * - DELETE /api/stories/:id/like   → 200 { likes, liked: false }
 * - POST   /api/stories/:id/report { reason } → 201 { reported: true } the first time; a repeated report by the
 *   same user is idempotent: 200 { reported: true }, nothing stored twice.
 * Unknown stories and stories the user may not see answer 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { reportStoryRequestSchema, type likeResponseSchema } from '#common/schemas';
import { notFound, parseOrThrow } from '../../lib/http-errors';
import { currentUser, requireUser } from '../auth/session-plugin';
import { likeStory, reportStory, STORY_NOT_FOUND, unlikeStory } from './interaction-service';

const storyIdParams = z.object({ id: z.uuid() });

/** A malformed id names no story: 404 like any unknown id. */
function storyIdOf(params: unknown): string {
  const parsed = storyIdParams.safeParse(params);
  if (!parsed.success) throw notFound(STORY_NOT_FOUND);
  return parsed.data.id;
}

type LikeResponse = z.infer<typeof likeResponseSchema>;

export const storyInteractionRoutes: FastifyPluginAsync = async (app) => {
  // Generous (a reader may like many stories while browsing); counted per account, else per address.
  const rateLimit = app.config.rateLimitDisabled
    ? (false as const)
    : {
        max: 120,
        timeWindow: 60_000,
        keyGenerator: (request: { user: { id: string } | null; ip: string }) =>
          request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
      };

  app.post('/stories/:id/like', { preHandler: requireUser, config: { rateLimit } }, async (request) => {
    const user = currentUser(request);
    const storyId = storyIdOf(request.params);
    const result = await likeStory(app.database, user.id, storyId);
    // Notifications hook (issue 11): story_liked to the author, once per liker and story.
    if (result.changed) await app.notifications.service.storyLiked(user, storyId);
    return { likes: result.likes, liked: result.liked } satisfies LikeResponse;
  });

  app.delete('/stories/:id/like', { preHandler: requireUser, config: { rateLimit } }, async (request) => {
    const result = await unlikeStory(app.database, currentUser(request).id, storyIdOf(request.params));
    return { likes: result.likes, liked: result.liked } satisfies LikeResponse;
  });

  app.post('/stories/:id/report', { preHandler: requireUser, config: { rateLimit } }, async (request, reply) => {
    const storyId = storyIdOf(request.params);
    const { reason } = parseOrThrow(reportStoryRequestSchema, request.body);
    const result = await reportStory(app.database, currentUser(request).id, storyId, reason);
    reply.code(result.created ? 201 : 200);
    return { reported: true };
  });
};

/**
 * Follows (docs/decisions/046-follows-daily-digest.md), under /api:
 * - GET    /api/authors/:userId → the author's page: display name, bio, public tours, COUNT of public stories,
 *   follower count, and whether the signed-in reader follows
 * - PUT    /api/authors/:userId/follow · DELETE /api/authors/:userId/follow → { following, followerCount }
 * - GET    /api/follows/stories?lat&lng → the newest public stories of the authors the reader follows, with the
 *   server's lock decisions as every story read
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perUserOrAddress, routeLimit } from '../../lib/route-limit';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { isCrossSiteRequest } from '../../plugins/same-origin';

/** The /discover section shows this many. */
const FOLLOWED_STORIES_LIMIT = 20;

export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.follows;
  const limited = (max: number) => routeLimit(app, { max, timeWindow: 60_000, keyGenerator: perUserOrAddress });
  // Following and unfollowing change only the caller's own list: open to a suspended user too.
  const write = { access: 'user', goodStanding: false, rateLimit: limited(60) } as const;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...apiRoute(app, 'authorPage', {
      summary: "An author's page: name, bio, public tours and the count of public stories",
    }),
    config: { access: 'public', rateLimit: limited(300) },
    handler: async (request) => service.page(request.user?.id ?? null, request.params.userId),
  });

  app.route({
    ...apiRoute(app, 'followAuthor', { summary: 'Follow an author (their new public work arrives in a daily digest)' }),
    config: write,
    handler: async (request) => service.follow(currentUser(request).id, request.params.userId),
  });

  app.route({
    ...apiRoute(app, 'unfollowAuthor', { summary: 'Stop following an author' }),
    config: write,
    handler: async (request) => service.unfollow(currentUser(request).id, request.params.userId),
  });

  app.route({
    ...apiRoute(app, 'followedStories', {
      summary: 'Newest public stories of the authors you follow, with lock decisions',
    }),
    config: { access: 'user', rateLimit: limited(120) },
    handler: async (request) => {
      const user = currentUser(request);
      const { location, accuracy } = request.query;
      const reader = {
        viewerId: user.id,
        location,
        accuracy,
        ip: request.ip,
        readerId: null,
        fromAnotherSite: isCrossSiteRequest(request, app.config.publicUrl),
      };
      const page = await app.stories.read.page(reader, {
        limit: FOLLOWED_STORIES_LIMIT,
        cursor: null,
        followedBy: user.id,
      });
      return page.stories;
    },
  });
};

/**
 * The author's own story (docs/design.md, rule 13), signed in only; only its author may (401 signed out, 403 for another
 * user, 404 when missing or hidden/private to the caller):
 * - PATCH  /api/stories/:id { title?, description?, category?, content?, timeRestriction + its fields } → 200
 *   the story as its author sees it; `isPublic` switches it between public and private (docs/decisions/016-walk-mode-and-tours.md: a private
 *   story drops out of every tour). Type, media and place cannot change: sending such a field is a
 *   400 that names it (common/schemas.ts `editStoryRequestSchema`).
 * - DELETE /api/stories/:id → 204; the row, its likes, reports, notifications and unlock records, and its files.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/access';
import { toStoryView } from './story-view';

export const storyAuthorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.stories.author;
  const config = { access: 'user' } as const;

  app.route({
    ...apiRoute(app, 'editStory', {
      summary:
        'Edit your story: title, description, category, text content (text stories), time lock and visibility (isPublic). ' +
        'Type, media and place cannot change: a request naming them is refused with 400.',
    }),
    config: { ...config, goodStanding: true },
    handler: async (request) => {
      const user = currentUser(request);
      const row = await service.edit(user.id, request.params.id, request.body);
      // The author sees their own story unlocked, wherever they are (as in the create answer).
      return toStoryView(row, user.displayName, {
        viewerId: user.id,
        reader: { latitude: row.latitude, longitude: row.longitude },
        now: new Date(),
        signer: app.mediaSigner,
      });
    },
  });

  app.route({
    ...apiRoute(app, 'deleteStory', {
      summary: 'Delete your story, with its media, likes, reports, notifications and unlock records',
    }),
    // Taking one's own story down is allowed whatever the standing.
    config: { ...config, goodStanding: false },
    handler: async (request, reply) => {
      await service.delete(currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  });
};

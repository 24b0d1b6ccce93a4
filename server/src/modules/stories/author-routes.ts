/**
 * The author's own story (issue 14), signed in only; only its author may (401 signed out, 403 for another
 * user, 404 when missing or hidden/private to the caller):
 * - PATCH  /api/stories/:id { title?, description?, category?, content?, timeRestriction + its fields } → 200
 *   the story as its author sees it; `isPublic` switches it between public and private (issue 25: a private
 *   story drops out of every tour). Type, media and place cannot change: sending such a field is a
 *   400 that names it (common/schemas.ts `editStoryRequestSchema`).
 * - DELETE /api/stories/:id → 204; the row, its likes, reports, notifications and unlock records, and its files.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storyIdParamsSchema } from '#common/route-schemas';
import { editStoryRequestSchema, storySchema } from '#common/schemas';
import { withErrorResponses } from '../../lib/route-responses';
import { currentUser } from '../../plugins/access';
import { toStoryView } from './story-view';

export const storyAuthorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.stories.author;
  const config = { access: 'user' } as const;

  app.patch(
    '/stories/:id',
    {
      config,
      schema: {
        summary:
          'Edit your story: title, description, category, text content (text stories), time lock and visibility (isPublic). ' +
          'Type, media and place cannot change: a request naming them is refused with 400.',
        params: storyIdParamsSchema,
        body: editStoryRequestSchema,
        response: withErrorResponses({ 200: storySchema }),
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/stories/:id',
    {
      config,
      schema: {
        summary: 'Delete your story, with its media, likes, reports, notifications and unlock records',
        params: storyIdParamsSchema,
        response: withErrorResponses({ 204: z.undefined().describe('Deleted') }),
      },
    },
    async (request, reply) => {
      await service.delete(currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
};

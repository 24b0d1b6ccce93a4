/**
 * `/stories/:id` as a page (docs/design.md, rule 9): the built client's index.html with the story's link-preview
 * tags, so a shared link shows a card in chat apps; the client then opens the story dialog as for any deep link.
 * A missing, private or hidden story gets the generic page with 404 and no tags — a preview never confirms
 * that a story someone may not see exists. Without a built client these paths answer as any unknown page does.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storyIdParamsSchema } from '#common/route-schemas';
import { linkOrigin } from './link-origin';
import { shareTags, tourShareTags, withShareTags } from './share-tags';

const storyIdSchema = z.uuid();

export const sharePageRoutes: FastifyPluginAsyncZod = async (app) => {
  const indexHtml = app.clientPage;
  if (indexHtml === null) return;

  app.get(
    '/stories/:id',
    {
      config: { access: 'public' },
      // A page, not part of the API: left out of /api/docs; any id answers (the 404 page when not a uuid).
      schema: { hide: true, params: storyIdParamsSchema },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      const id = storyIdSchema.safeParse(request.params.id);
      // As a visitor with no position: only public, unhidden stories, and always locked.
      const story = id.success ? await app.stories.read.preview(id.data) : undefined;
      if (!story) return reply.code(404).send(indexHtml);
      return withShareTags(indexHtml, shareTags({ story, origin: linkOrigin(request, app.config.publicUrl) }));
    },
  );

  // A shared walking tour (docs/decisions/016-walk-mode-and-tours.md): as a visitor, so a tour shown to nobody but its author answers 404.
  app.get(
    '/tours/:id',
    { config: { access: 'public' }, schema: { hide: true, params: storyIdParamsSchema } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      const id = storyIdSchema.safeParse(request.params.id);
      const tour = id.success ? await app.tours.service.byId(null, id.data).catch(() => undefined) : undefined;
      if (!tour) return reply.code(404).send(indexHtml);
      const origin = app.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
      return withShareTags(indexHtml, tourShareTags({ tour, origin }));
    },
  );
};

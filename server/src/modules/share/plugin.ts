/**
 * The share module: `/stories/:id` and `/tours/:id` as pages with link-preview tags (routes.ts), at the root rather
 * than under /api; and the cards made from them — QR codes, posters and embeddable cards (card-routes.ts,
 * docs/decisions/055-qr-posters-and-embeds.md). It reads stories and tours through their modules' decorations and
 * the page through `app.clientPage` (decorated by app.ts, after every module's plugin, before any route).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineModule } from '../../lib/app-module';
import { cardRoutes } from './card-routes';
import { sharePageRoutes } from './routes';
import { createShareCardService, type ShareCardService } from './share-cards';
import { createShareRepository } from './share-repository';

interface ShareFeature {
  service: ShareCardService;
}

declare module 'fastify' {
  interface FastifyInstance {
    share: ShareFeature;
  }
}

/** Builds the card service over the stories' and tours' reads; registered after the stories and tours modules. */
const sharePlugin = fp(
  async (app) => {
    app.decorate('share', {
      service: createShareCardService({
        storyPreview: (id) => app.stories.read.preview(id),
        tourFor: (viewerId, id) => app.tours.service.byId(viewerId, id),
        repository: createShareRepository(app.database),
      }),
    });
  },
  {
    name: 'share',
    dependencies: ['stories', 'tours'],
    decorators: { fastify: ['config', 'database', 'stories', 'tours'] },
  },
);

const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sharePageRoutes);
  await app.register(cardRoutes);
};

export const shareModule = defineModule({ name: 'share', plugin: sharePlugin, routes: shareRoutes, prefix: '' });

/**
 * The drafts module's composition root (docs/decisions/060-story-drafts-and-routes-in.md), decorated as
 * `app.drafts`: story drafts and planned tours over their repository, publishing through the stories' creation
 * (`app.stories.create`), the location guard's claim and the tours' creation (`app.tours`).
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { createDraftRepository } from './draft-repository';
import { createDraftService, type DraftService } from './draft-service';
import { draftRoutes } from './routes';

interface DraftsFeature {
  service: DraftService;
}

declare module 'fastify' {
  interface FastifyInstance {
    drafts: DraftsFeature;
  }
}

const draftsPlugin = fp(
  async (app) => {
    const service = createDraftService({
      repository: createDraftRepository(app.database),
      store: app.mediaStore,
      createStory: (authorId, request) => app.stories.create.create(authorId, request),
      checkPlacement: (authorId, point) => app.location.guard.checkPlacement(authorId, point),
      createTour: (authorId, request) => app.tours.service.create(authorId, request),
      log: app.log,
    });
    app.decorate('drafts', { service });
  },
  {
    name: 'drafts',
    dependencies: ['media-store', 'stories', 'location', 'tours'],
    decorators: { fastify: ['database', 'mediaStore', 'stories', 'location', 'tours'] },
  },
);

export const draftsModule = defineModule({ name: 'drafts', plugin: draftsPlugin, routes: draftRoutes });

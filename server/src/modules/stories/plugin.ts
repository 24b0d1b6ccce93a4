/**
 * The stories module's composition root, decorated as `app.stories`: one story repository (over the story index
 * when it is on) and the services the route files consume — reads, creation, the author's edits, likes and
 * reports. The route files build nothing; other modules (the share page) use stories through this.
 * Also sweeps story media no row names any more, once after start.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { MEDIA } from '#common/constants';
import { sweepOrphanMedia } from '../../media/orphan-media';
import { createStoryAuthorRepository } from './author-repository';
import { createStoryAuthorService, type StoryAuthorService } from './author-service';
import { createStoryCreateService, type StoryCreateService } from './create-service';
import { createInteractionRepository } from './interaction-repository';
import { createInteractionService, type InteractionService } from './interaction-service';
import { createStoryReadService, type StoryReadService } from './read-service';
import { storyRoutes } from './routes';
import { createStoryRepository } from './story-repository';

interface StoriesFeature {
  read: StoryReadService;
  create: StoryCreateService;
  author: StoryAuthorService;
  interaction: InteractionService;
}

declare module 'fastify' {
  interface FastifyInstance {
    stories: StoriesFeature;
  }
}

const storiesPlugin = fp(
  async (app) => {
    const repository = createStoryRepository(app.database, app.storyIndex);
    const notifications = app.notifications.service;
    const read = createStoryReadService({
      repository,
      signer: app.mediaSigner,
      weather: app.weather,
      location: app.location.guard,
      nearbyReads: notifications,
      placeNameAt: app.places.service.nameAt,
    });
    const create = createStoryCreateService({
      repository,
      store: app.mediaStore,
      avTools: app.avTools,
      mediaWork: app.mediaWork,
      mediaLimits: { ...app.config.mediaLimits, maxDurationSeconds: MEDIA.maxDurationSeconds },
      // The story's point is the author's position claim: the travel rule applies, the pin moves ≤ 200 m.
      checkPlacement: (authorId, point) => app.location.guard.checkPlacement(authorId, point),
      afterCreate: (row) => void app.transcripts.transcriber.afterUpload(row),
    });
    const author = createStoryAuthorService({
      repository: createStoryAuthorRepository(app.database),
      store: app.mediaStore,
      log: app.log,
    });
    const interaction = createInteractionService({
      repository: createInteractionRepository(app.database),
      unlocks: app.location.unlocks,
      notices: notifications,
    });
    app.decorate('stories', { read, create, author, interaction });

    // In the background: a large media folder must not delay start-up, and nothing waits for the result.
    app.addHook('onReady', async () => {
      sweepOrphanMedia({ store: app.mediaStore, database: app.database })
        .then((removed) => removed.length && app.log.info({ removed: removed.length }, 'removed orphaned story media'))
        .catch((error: unknown) => app.log.warn({ err: error }, 'orphaned media sweep failed'));
    });
  },
  {
    name: 'stories',
    dependencies: [
      'story-index',
      'location',
      'notifications',
      'media-signer',
      'media-store',
      'av-tools',
      'media-work',
      'weather',
      'places',
      'transcripts',
    ],
    decorators: {
      fastify: [
        'config',
        'database',
        'storyIndex',
        'location',
        'notifications',
        'mediaSigner',
        'mediaStore',
        'avTools',
        'mediaWork',
        'weather',
        'places',
        'transcripts',
      ],
    },
  },
);

export const storiesModule = defineModule({ name: 'stories', plugin: storiesPlugin, routes: storyRoutes });

/**
 * The media-files module, built once per app and decorated as `app.mediaFiles`: its service (media-file-service.ts)
 * over the access repository, the media signer and the media store, which the media route consumes.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { createMediaAccessRepository } from './media-access-repository';
import { createMediaFileService, type MediaFileService } from './media-file-service';
import { mediaRoutes } from './routes';

interface MediaFilesFeature {
  service: MediaFileService;
}

declare module 'fastify' {
  interface FastifyInstance {
    mediaFiles: MediaFilesFeature;
  }
}

const mediaFilesPlugin = fp(
  async (app) => {
    const service = createMediaFileService({
      access: createMediaAccessRepository(app.database),
      signer: app.mediaSigner,
      store: app.mediaStore,
    });
    app.decorate('mediaFiles', { service });
  },
  {
    name: 'media-files',
    dependencies: ['media-store', 'media-signer'],
    decorators: { fastify: ['database', 'mediaStore', 'mediaSigner'] },
  },
);

export const mediaFilesModule = defineModule({ name: 'media-files', plugin: mediaFilesPlugin, routes: mediaRoutes });

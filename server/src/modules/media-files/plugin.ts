/**
 * The media-files module, built once per app and decorated as `app.mediaFiles`: the access repository the media
 * route asks whether a key's story may still be seen. The route file only consumes it.
 */
import fp from 'fastify-plugin';
import { createMediaAccessRepository } from './media-access-repository';

export interface MediaFilesFeature {
  access: ReturnType<typeof createMediaAccessRepository>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mediaFiles: MediaFilesFeature;
  }
}

export const mediaFilesPlugin = fp(
  async (app) => {
    app.decorate('mediaFiles', { access: createMediaAccessRepository(app.database) });
  },
  { name: 'media-files', dependencies: ['media-store', 'media-signer'] },
);

export { mediaRoutes } from './routes';

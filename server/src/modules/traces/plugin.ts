/**
 * The traces feature (docs/decisions/045-traces-read-where-left.md), built once per app and decorated as
 * `app.traces`: its service over its repository, the media store, the notifications port and the page-cursor
 * sealer. The account routes use it for the export and to remove a leaving user's photos.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { apiPath } from '#common/api/routes';
import { createTraceRepository } from './trace-repository';
import { createTraceService, type TraceService } from './trace-service';
import { traceRoutes } from './routes';

interface TracesFeature {
  service: TraceService;
}

declare module 'fastify' {
  interface FastifyInstance {
    traces: TracesFeature;
  }
}

const tracesPlugin = fp(
  async (app) => {
    const service = createTraceService({
      repository: createTraceRepository(app.database),
      store: app.mediaStore,
      notices: app.notifications.service,
      cursors: app.location.pageCursors,
      photoPath: (traceId) => apiPath('tracePhoto').replace(':id', traceId),
      maxPhotoBytes: app.config.maxUploadBytes.image,
      log: app.log,
    });
    app.decorate('traces', { service });
  },
  {
    name: 'traces',
    dependencies: ['media-store', 'notifications', 'location'],
    decorators: { fastify: ['config', 'database', 'mediaStore', 'notifications', 'location'] },
  },
);

export const tracesModule = defineModule({ name: 'traces', plugin: tracesPlugin, routes: traceRoutes });

/**
 * The tours feature (docs/decisions/016-walk-mode-and-tours.md), built once per app and decorated as `app.tours`: its service over its repository.
 * Other modules (the share page) use tours only through this.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { tourRoutes } from './routes';
import { createTourRepository } from './tour-repository';
import { createTourService, type TourService } from './tour-service';

interface ToursFeature {
  service: TourService;
}

declare module 'fastify' {
  interface FastifyInstance {
    tours: ToursFeature;
  }
}

const toursPlugin = fp(
  async (app) => {
    app.decorate('tours', {
      service: createTourService({
        repository: createTourRepository(app.database),
        placeNameAt: app.places.service.nameAt,
      }),
    });
  },
  { name: 'tours', dependencies: ['places'], decorators: { fastify: ['database', 'places'] } },
);

export const toursModule = defineModule({ name: 'tours', plugin: toursPlugin, routes: tourRoutes });

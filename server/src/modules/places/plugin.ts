/**
 * The places feature (docs/decisions/040-offline-gazetteer.md), decorated as `app.places`: the offline gazetteer,
 * read and indexed once per process at start, and the service over it. Other modules (stories, tours, the share
 * page) name places only through this.
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { loadGazetteer } from './gazetteer';
import { createPlaceService, type PlaceService } from './place-service';
import { placeRoutes } from './routes';

interface PlacesFeature {
  service: PlaceService;
}

declare module 'fastify' {
  interface FastifyInstance {
    places: PlacesFeature;
  }
}

/**
 * One service per process: the gazetteer never changes while the process runs, so every app built in it (the
 * API tests build many) shares the same index instead of reading the file again.
 */
let sharedService: PlaceService | undefined;

const placesPlugin = fp(
  async (app) => {
    if (!sharedService) {
      const started = performance.now();
      sharedService = createPlaceService(loadGazetteer());
      app.log.info({ ms: Math.round(performance.now() - started) }, 'place gazetteer indexed');
    }
    app.decorate('places', { service: sharedService });
  },
  { name: 'places' },
);

export const placesModule = defineModule({ name: 'places', plugin: placesPlugin, routes: placeRoutes });

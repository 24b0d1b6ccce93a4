/**
 * The config module: GET /api/config (routes.ts): the public subset of the configuration; nothing to build.
 */
import { defineModule } from '../../lib/app-module';
import { publicConfigRoutes } from './routes';

export const configModule = defineModule({ name: 'config', routes: publicConfigRoutes });

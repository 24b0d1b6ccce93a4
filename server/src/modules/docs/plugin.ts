/**
 * The docs module: GET /api/docs and /api/docs/openapi.json (routes.ts): the API's description, made from the routes' contracts.
 */
import { defineModule } from '../../lib/app-module';
import { docsRoutes } from './routes';

export const docsModule = defineModule({ name: 'docs', routes: docsRoutes });

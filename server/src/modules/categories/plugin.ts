/**
 * The categories module: GET /api/categories (routes.ts): the category names; nothing to build.
 */
import { defineModule } from '../../lib/app-module';
import { categoryRoutes } from './routes';

export const categoriesModule = defineModule({ name: 'categories', routes: categoryRoutes });

/**
 * The share module: `/stories/:id` and `/tours/:id` as pages with link-preview tags (routes.ts), at the root rather
 * than under /api. It builds nothing of its own: it reads stories and tours through their modules' decorations
 * and the page through `app.clientPage` (decorated by app.ts, after every module's plugin, before any route).
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { sharePageRoutes } from './routes';

/** Declares what the share pages read; registered after the stories and tours modules. */
const sharePlugin = fp(async () => {}, {
  name: 'share',
  dependencies: ['stories', 'tours'],
  decorators: { fastify: ['config', 'stories', 'tours'] },
});

export const shareModule = defineModule({ name: 'share', plugin: sharePlugin, routes: sharePageRoutes, prefix: '' });

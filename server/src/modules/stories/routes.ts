import type { FastifyPluginAsync } from 'fastify';
import { storyCreateRoutes } from './create-routes';
import { storyReadRoutes } from './read-routes';
import { storyInteractionRoutes } from './interaction-routes';
import { storyAuthorRoutes } from './author-routes';

/** Routes of the stories feature (mounted under /api). */
export const storyRoutes: FastifyPluginAsync = async (app) => {
  await app.register(storyCreateRoutes);
  await app.register(storyReadRoutes);
  await app.register(storyInteractionRoutes);
  await app.register(storyAuthorRoutes);
};

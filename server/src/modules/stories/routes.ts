import type { FastifyPluginAsync } from 'fastify';

/** Routes of the stories feature (mounted under /api). */
export const storyRoutes: FastifyPluginAsync = async () => {};

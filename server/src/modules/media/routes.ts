import type { FastifyPluginAsync } from 'fastify';

/** Routes of the media feature (mounted under /api). */
export const mediaRoutes: FastifyPluginAsync = async () => {};

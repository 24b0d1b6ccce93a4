import type { FastifyPluginAsync } from 'fastify';

/** Routes of the auth feature (mounted under /api). */
export const authRoutes: FastifyPluginAsync = async () => {};

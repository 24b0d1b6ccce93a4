import type { FastifyPluginAsync } from 'fastify';

export const storyCreateRoutes: FastifyPluginAsync = async () => {};

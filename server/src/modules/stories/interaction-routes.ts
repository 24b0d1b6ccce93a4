import type { FastifyPluginAsync } from 'fastify';

export const storyInteractionRoutes: FastifyPluginAsync = async () => {};

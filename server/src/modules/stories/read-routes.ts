import type { FastifyPluginAsync } from 'fastify';

export const storyReadRoutes: FastifyPluginAsync = async () => {};

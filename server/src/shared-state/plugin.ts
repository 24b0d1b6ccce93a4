/**
 * Decorates the app with `sharedState` (Redis when REDIS_URL is set, memory otherwise) and `redis` (the ioredis
 * client, or undefined), which app.ts hands to @fastify/rate-limit so request limits hold across instances.
 */
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createMemoryState } from './memory-state';
import { createRedisClient, createRedisState } from './redis-state';
import type { SharedState } from './shared-state';

declare module 'fastify' {
  interface FastifyInstance {
    sharedState: SharedState;
    redis: Redis | undefined;
  }
}

export const sharedStatePlugin = fp(
  async (app) => {
    const { redisUrl, redisKeyPrefix } = app.config;
    const redis = redisUrl ? createRedisClient(redisUrl, redisKeyPrefix) : undefined;
    const state = redis ? createRedisState(redis) : createMemoryState();
    app.decorate('redis', redis);
    app.decorate('sharedState', state);
    app.addHook('onClose', async () => state.close());
    if (redis) {
      // Not fatal: the app starts and /api/ready says what is missing until Redis answers.
      await state.ping().catch((error: unknown) => app.log.warn({ err: error }, 'Redis is not reachable yet'));
    }
  },
  { name: 'shared-state' },
);

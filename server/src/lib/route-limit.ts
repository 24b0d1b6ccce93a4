/**
 * A route's rate limit (@fastify/rate-limit's per-route `config.rateLimit`), the one way every route file sets
 * one: the limit as given, or none when `RATE_LIMIT_DISABLED` is set (tests and benchmarks).
 */
import type { FastifyInstance } from 'fastify';
import { addressKey } from './client-address';

interface RouteLimit {
  max: number;
  timeWindow: number | string;
  keyGenerator?: (request: never) => string;
}

export function routeLimit<L extends RouteLimit>(app: FastifyInstance, limit: L): L | false {
  return app.config.rateLimitDisabled ? false : { ...limit };
}

/** Counted per account when signed in (the session plugin ran before the limit's hook), else per address. */
export const perUserOrAddress = (request: { user: { id: string } | null; ip: string }): string =>
  request.user ? `user:${request.user.id}` : `ip:${addressKey(request.ip)}`;

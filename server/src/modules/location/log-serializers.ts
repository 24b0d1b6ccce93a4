/**
 * Reader positions appear in no log line (DESIGN.md decision 11): a request is logged by its route pattern
 * (`/api/stories/discoverable/:lat/:lng`), never by its URL, whose path and query carry coordinates.
 */
import type { FastifyRequest } from 'fastify';

export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    // Unmatched requests (404) keep no path either: it may hold coordinates too.
    route: request.routeOptions?.url ?? '(no route)',
    remoteAddress: request.ip,
  };
}

/** Logger options with the private request serializer added (a ready logger instance or `false` is kept). */
export function withPrivateRequestLogs<T>(logger: T): T {
  if (logger === null || typeof logger !== 'object' || 'info' in logger) return logger;
  const serializers = 'serializers' in logger && typeof logger.serializers === 'object' ? logger.serializers : {};
  return { ...logger, serializers: { ...serializers, req: requestLogSerializer } };
}

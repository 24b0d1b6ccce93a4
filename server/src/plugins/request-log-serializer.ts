/**
 * Reader positions appear in no log line (docs/design.md, rule 11): a request is logged by its route pattern
 * (`/api/stories/discoverable/:lat/:lng`), never by its URL, whose path and query carry coordinates. Installed with
 * the other log protections by plugins/log-privacy.ts.
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

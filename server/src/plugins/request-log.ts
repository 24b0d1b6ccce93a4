/**
 * One log line per request, when it is answered (docs/decisions/014-phone-round-2.md; Fastify's own pair of "incoming request" /
 * "request completed" lines is switched off in app.ts). The message names the route pattern, never the URL: its
 * path and query may carry coordinates (docs/design.md, rule 11).
 */
import fp from 'fastify-plugin';

export const requestLogPlugin = fp(
  async (app) => {
    app.addHook('onResponse', async (request, reply) => {
      const ms = Math.round(reply.elapsedTime);
      const route = request.routeOptions?.url ?? '(no route)';
      request.log.info(
        { req: request, res: reply, responseTime: ms },
        `${request.method} ${route} ${reply.statusCode} ${ms} ms`,
      );
    });
  },
  { name: 'request-log' },
);

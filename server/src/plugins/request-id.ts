/**
 * Request ids for logs across instances: every log line written for a request carries `reqId` (Fastify's
 * request-bound logger), the id is a UUID (Fastify's default counter restarts at req-1 in every process, so
 * ids from several instances would collide), it is echoed in `x-request-id` so a user or the reverse proxy can
 * quote it, and behind a trusted proxy the proxy's own `x-request-id` is kept so one id follows the request.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';

const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify server options: spread into `Fastify({...})`. */
export function requestIdOptions(trustProxy: false | number | string[]) {
  return {
    genReqId: () => crypto.randomUUID(),
    // A client could put anything in the header: only a trusted proxy's value is taken.
    requestIdHeader: trustProxy === false ? (false as const) : REQUEST_ID_HEADER,
  };
}

export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-id' },
);

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { HttpError } from '../lib/http-errors';

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03']);

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  if (!code) return /Connection terminated|timeout exceeded when trying to connect/i.test(String(error));
  return CONNECTION_ERROR_CODES.has(code) || code.startsWith('08');
}

/** Every error becomes `{ message }` JSON: 4xx with a clear message, 503 when the database is away, else 500. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
  }
  if (error instanceof ZodError) {
    return reply.code(400).send({ message: error.issues[0]?.message ?? 'Invalid request' });
  }
  if (error.validation) {
    // A route's declared schema refused the request: the first issue's message, as the shared schemas word it.
    return reply.code(400).send({ message: error.validation[0]?.message ?? error.message });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: error.message });
  }
  if (isDatabaseUnavailable(error) || isDatabaseUnavailable(error.cause)) {
    request.log.error({ err: error }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ message: 'Service temporarily unavailable. Please try again shortly.' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: 'Internal Server Error' });
}

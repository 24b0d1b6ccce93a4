/**
 * Every route declares its answers; the errors are the same everywhere (`{ message }`, see error-handler.ts),
 * so they are added here once. Documented in /api/docs and used to serialise the error answers.
 */
import { errorResponseSchema } from '#common/schemas';

export function withErrorResponses<T extends Record<number, unknown>>(responses: T) {
  return { ...responses, '4xx': errorResponseSchema, '5xx': errorResponseSchema };
}

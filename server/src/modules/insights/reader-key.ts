/**
 * Which reader an insight event comes from, for its per-day de-duplication and its rate limit — never stored.
 * The one place that decides it (docs/decisions/018-insights-counts-not-readers.md): the location rules' own reader key — a signed-in reader by their
 * account, a signed-out browser by its signed reader cookie (docs/design.md, rule 15), a browser without one by its
 * address key.
 */
import type { FastifyRequest } from 'fastify';
import { readerKeyOf } from '../location';

export function insightsReaderKey(request: Pick<FastifyRequest, 'user' | 'ip' | 'readerId'>): string {
  return readerKeyOf(request as FastifyRequest);
}

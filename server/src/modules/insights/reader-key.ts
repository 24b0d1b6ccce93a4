/**
 * Which reader an insight event comes from, for its per-day de-duplication and its rate limit — never stored.
 * The one place that decides it (issue 27): a signed-in reader by their account, a signed-out one by their
 * address key (lib/client-address.ts). When the signed reader cookie (issue 23, DESIGN.md decision 15) lands,
 * this function switches to it and nothing else changes.
 */
import type { FastifyRequest } from 'fastify';
import { addressKey } from '../../lib/client-address';

export function insightsReaderKey(request: Pick<FastifyRequest, 'user' | 'ip'>): string {
  return request.user ? `user:${request.user.id}` : addressKey(request.ip);
}

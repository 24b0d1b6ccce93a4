/**
 * Redis for tests: TEST_REDIS_URL, else the machine's local Redis (127.0.0.1:6379, installed and started by
 * .ci/run). Each caller gets its own key prefix so parallel files and repeated runs never see each other's keys.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';

export const testRedisUrl = (): string => process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

export const uniqueRedisPrefix = (label: string): string =>
  `whispers-test:${label}:${process.pid}:${crypto.randomBytes(4).toString('hex')}:`;

/** Removes every key under `prefix` (SCAN, never KEYS on a shared server). */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const client = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

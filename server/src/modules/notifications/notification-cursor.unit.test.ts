import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './notification-service';

const id = 'a55d7b7d-59ec-43f3-9fee-1d3bc717444f';
const encode = (text: string) => Buffer.from(text).toString('base64url');

describe('notification page cursors', () => {
  it('round-trip what PostgreSQL prints for created_at', () => {
    for (const createdAt of ['2026-11-24 06:55:20.123456+00', '2024-02-29 23:59:59+05:30', '2026-01-01 00:00:00-08']) {
      expect(decodeCursor(encodeCursor({ createdAt, id }))).toEqual({ createdAt, id });
    }
  });

  it('refuse a timestamp of the right shape whose parts are out of range (the cast would fail: a 500 the fuzz found)', () => {
    for (const createdAt of ['9999-99-99 99:99:99+99', '2026-02-30 10:00:00+00', '2025-02-29 10:00:00+00', '2026-11-24 24:00:00+00', '2026-11-24 10:60:00+00', '2026-11-24 10:00:00+16', '0000-01-01 00:00:00+00']) {
      expect(decodeCursor(encode(`${createdAt}|${id}`)), createdAt).toBeNull();
    }
  });

  it('refuse anything else', () => {
    for (const text of ['', 'x', `2026-11-24 06:55:20+00|not-a-uuid`, `2026-11-24 06:55:20+00|${id}|more`, `2026-11-24T06:55:20Z|${id}`]) {
      expect(decodeCursor(encode(text)), text).toBeNull();
    }
  });
});

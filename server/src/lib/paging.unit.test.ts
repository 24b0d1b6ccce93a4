/** The one cursor of every list (stories, tours, notifications): sealed, and only a valid position opens. */
import { describe, expect, it } from 'vitest';
import { BAD_CURSOR, CURSOR_MAX } from '#common/paging';
import { createPageCursorSealer, openCursorOr400 } from './paging';

const id = 'a55d7b7d-59ec-43f3-9fee-1d3bc717444f';
const sealer = createPageCursorSealer('x'.repeat(32));

describe('page cursors', () => {
  it('round-trip what PostgreSQL prints for created_at, without showing it', () => {
    for (const createdAt of ['2026-11-24 06:55:20.123456+00', '2024-02-29 23:59:59+05:30', '2026-01-01 00:00:00-08']) {
      const token = sealer.seal({ createdAt, id });
      expect(token).not.toContain(createdAt.slice(0, 4));
      expect(token.length).toBeLessThanOrEqual(CURSOR_MAX);
      expect(sealer.open(token)).toEqual({ createdAt, id });
    }
  });

  it('refuse a timestamp of the right shape whose parts are out of range (the cast would fail: a 500 the fuzz found)', () => {
    for (const createdAt of [
      '9999-99-99 99:99:99+99',
      '2026-02-30 10:00:00+00',
      '2025-02-29 10:00:00+00',
      '2026-11-24 24:00:00+00',
      '2026-11-24 10:60:00+00',
      '2026-11-24 10:00:00+16',
      '0000-01-01 00:00:00+00',
    ]) {
      expect(sealer.open(sealer.seal({ createdAt, id })), createdAt).toBeNull();
    }
  });

  it('refuse anything else: another id, another key, an altered or unsealed token', () => {
    expect(sealer.open(sealer.seal({ createdAt: '2026-11-24 06:55:20+00', id: 'not-a-uuid' }))).toBeNull();
    const token = sealer.seal({ createdAt: '2026-11-24 06:55:20+00', id });
    expect(createPageCursorSealer('y'.repeat(32)).open(token)).toBeNull();
    const altered = Buffer.from(token, 'base64url');
    altered[altered.length - 1]! ^= 1;
    expect(sealer.open(altered.toString('base64url'))).toBeNull();
    expect(sealer.open(Buffer.from(`2026-11-24 06:55:20+00|${id}`).toString('base64url'))).toBeNull();
  });

  it('answer the first page without a cursor and a 400 "Invalid cursor" for a bad one', () => {
    expect(openCursorOr400(sealer, undefined)).toBeNull();
    expect(openCursorOr400(sealer, '')).toBeNull();
    expect(() => openCursorOr400(sealer, 'abc')).toThrow(
      expect.objectContaining({ statusCode: 400, message: BAD_CURSOR }),
    );
  });
});

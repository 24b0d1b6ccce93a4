/**
 * Paging, the one way every list pages (stories, notifications): newest first by (created_at, id); a cursor is
 * the last row's creation time as PostgreSQL printed it and its id, as the text `createdAt|id`; the next page is
 * announced in a `Link: <…>; rel="next"` header with the same path and query and the new cursor. Every list
 * (stories, tours, notifications) seals the text (`createPageCursorSealer`, decorated as `app.location.pageCursors` by
 * the location plugin): a cursor must not reveal a row's exact time. Only a cursor this module accepts reaches
 * the SQL; any other is a 400 with the one message (common/paging.ts), its query checked by common/page-schemas.ts.
 */
import crypto from 'node:crypto';
import { BAD_CURSOR, CURSOR_MAX } from '#common/paging';
import { isUuid } from '#common/route-schemas';
import { badRequest } from './http-errors';

export interface PageCursor {
  /** created_at as PostgreSQL prints a timestamptz: "2026-11-24 06:55:20.123456+00". */
  createdAt: string;
  id: string;
}

export { BAD_CURSOR };

/** The cursor as text (what is sealed). */
function cursorText(cursor: PageCursor): string {
  return `${cursor.createdAt}|${cursor.id}`;
}

/** The cursor a text names, or null: exactly two parts, a printed timestamp and a uuid. */
function cursorFromText(text: string): PageCursor | null {
  const [createdAt, id, extra] = text.split('|');
  return createdAt && id && extra === undefined ? validCursor({ createdAt, id }) : null;
}

/**
 * A cursor's contents checked again after unsealing or decoding: only what PostgreSQL itself could have printed
 * for created_at (a real calendar day, every part in range, so the ::timestamptz cast cannot fail) and a uuid.
 */
function validCursor(cursor: PageCursor | null): PageCursor | null {
  return cursor && isPrintedTimestamp(cursor.createdAt) && isUuid(cursor.id) ? cursor : null;
}

/** The `Link` header announcing the next page: the request's own path and query with `cursor` set to `token`. */
export function nextPageLink(requestUrl: string, token: string): string {
  const url = new URL(requestUrl, 'http://local');
  url.searchParams.set('cursor', token);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** What PostgreSQL prints for a timestamptz: "2026-11-24 06:55:20.123456+00" (the offset may carry minutes). */
const PG_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:(\d{2}))?$/;

function isPrintedTimestamp(text: string): boolean {
  const parts = PG_TIMESTAMP.exec(text);
  if (!parts) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0] = [1, 2, 3, 4, 5, 6, 8].map(
    (i) => Number(parts[i]),
  );
  const offsetMinutes = parts[10] === undefined ? 0 : Number(parts[10]);
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDay && year >= 1 && hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 15 && offsetMinutes <= 59;
}

/**
 * Seals a cursor (AES-256-GCM under a key derived from the media secret, docs/decisions on opaque cursors): every
 * list's cursor carries a creation time, so none may reveal it, and none can be forged or altered (a tampered one
 * fails authentication). `open` answers null for anything it did not seal, or that is no valid cursor.
 */
export interface PageCursorSealer {
  seal(cursor: PageCursor): string;
  open(token: string): PageCursor | null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createPageCursorSealer(secret: string): PageCursorSealer {
  // A key of its own for cursors: the media secret itself never encrypts anything else.
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'whispers', 'page-cursor v1', 32));
  return {
    seal(cursor) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(cursorText(cursor), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(token) {
      const raw = Buffer.from(token, 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES || raw.length > CURSOR_MAX) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
        return cursorFromText(text);
      } catch {
        return null;
      }
    },
  };
}

/** The cursor a request names: null for none (the first page), undefined for one `sealer` did not make. */
export function openCursor(sealer: PageCursorSealer, token: string | undefined): PageCursor | null | undefined {
  return token ? (sealer.open(token) ?? undefined) : null;
}

/** The cursor a request names (none or empty: the first page), or a 400 "Invalid cursor" for one `sealer` did not make. */
export function openCursorOr400(sealer: PageCursorSealer, token: string | undefined): PageCursor | null {
  const cursor = openCursor(sealer, token);
  if (cursor === undefined) throw badRequest(BAD_CURSOR);
  return cursor;
}

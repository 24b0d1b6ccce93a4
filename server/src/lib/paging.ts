/**
 * Paging, the one way every list pages (stories, notifications): newest first by (created_at, id); a cursor is
 * the last row's creation time as PostgreSQL printed it and its id, as the text `createdAt|id`; the next page is
 * announced in a `Link: <…>; rel="next"` header with the same path and query and the new cursor. Stories seal
 * the text (location/page-cursor.ts: a cursor must not reveal a story's exact time); notifications, the reader's
 * own, send it base64url-encoded. Either way, only a cursor this module accepts reaches the SQL.
 */
import { isUuid } from '#common/route-schemas';

export interface PageCursor {
  /** created_at as PostgreSQL prints a timestamptz: "2026-11-24 06:55:20.123456+00". */
  createdAt: string;
  id: string;
}

export const BAD_CURSOR = 'Invalid cursor';

/** The cursor as text (what is sealed or encoded). */
export function cursorText(cursor: PageCursor): string {
  return `${cursor.createdAt}|${cursor.id}`;
}

/** The cursor a text names, or null: exactly two parts, a printed timestamp and a uuid. */
export function cursorFromText(text: string): PageCursor | null {
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
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0] = [1, 2, 3, 4, 5, 6, 8].map((i) => Number(parts[i]));
  const offsetMinutes = parts[10] === undefined ? 0 : Number(parts[10]);
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDay && year >= 1 && hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 15 && offsetMinutes <= 59;
}

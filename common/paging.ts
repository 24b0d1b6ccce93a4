/**
 * Paging as a client sees it: a list's next page is in its `Link: <…>; rel="next"` header, with an opaque cursor
 * (server/src/lib/paging.ts makes and opens it). One message and one maximum length for a cursor, every list.
 */
import { LIMITS } from './constants';

export const BAD_CURSOR = 'Invalid cursor';
export const CURSOR_MAX = LIMITS.cursorMax;

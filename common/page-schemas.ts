/** A list's `?cursor=` as sent: the opaque token of the previous page's Link header (the server opens it). */
import { z } from 'zod';
import { BAD_CURSOR, CURSOR_MAX } from './paging';

export const cursorQuerySchema = z
  .string()
  .max(CURSOR_MAX, BAD_CURSOR)
  .optional()
  .describe('Opaque cursor from the Link header of the previous page');

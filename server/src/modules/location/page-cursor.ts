/**
 * Pagination cursors are opaque and signed (DESIGN.md decision 12): the position in the list (a creation time
 * and an id) is sealed with AES-256-GCM under a key derived from the media secret, so a cursor neither reveals
 * a story's exact creation time nor can be forged or altered (a tampered one fails authentication).
 */
import crypto from 'node:crypto';
import { cursorFromText, cursorText, type PageCursor } from '../../lib/paging';

type SealedCursorValue = PageCursor;

export interface PageCursorSealer {
  seal(cursor: SealedCursorValue): string;
  /** The cursor, or null when it was not sealed by this secret, was altered, or is no valid cursor (lib/paging.ts). */
  open(token: string): SealedCursorValue | null;
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
      if (raw.length <= IV_BYTES + TAG_BYTES || raw.length > 512) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
        return cursorFromText(text);
      } catch {
        return null;
      }
    },
  };
}

/**
 * A signed-out browser is a reader of its own (docs/design.md, rule 15, docs/decisions/014-phone-round-2.md). The server gives it a
 * signed, HttpOnly reader cookie, and the location rules (travel, accuracy, unlock budget) keep their state per
 * reader id rather than per client address, so strangers behind one address (a carrier NAT, a café) never share
 * a travel lock. A request without a valid cookie — a browser's very first one included — keeps sharing its
 * address's state, and how many new readers one address may start is limited (LIMIT_NEW_READERS_PER_ADDRESS).
 */
import crypto from 'node:crypto';
import type { Config } from '../../config';
import { servedOverHttps } from '../../config';

export const READER_COOKIE = 'whispers_reader';
/** A reader id outlives its claim state (an hour) by far; it only has to stay the same while a person reads. */
export const READER_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** `__Host-whispers_reader` over HTTPS (Secure, Path=/, no Domain: no sibling site can plant one), else the plain name. */
export function readerCookieName(config: Pick<Config, 'cookieSecure' | 'publicUrl'>): string {
  return servedOverHttps(config) ? `__Host-${READER_COOKIE}` : READER_COOKIE;
}

export interface ReaderCookies {
  /** A new reader id and the cookie value that carries it. */
  issue(): { readerId: string; value: string };
  /** The reader id of a cookie value signed by this secret, else null (absent, malformed, forged). */
  readerOf(value: string | undefined): string | null;
}

export function createReaderCookies(secret: string): ReaderCookies {
  // A key of its own: the media secret itself signs nothing else.
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'whispers', 'reader-cookie v1', 32));
  const mac = (readerId: string) => crypto.createHmac('sha256', key).update(readerId).digest('base64url');
  return {
    issue() {
      const readerId = crypto.randomBytes(16).toString('base64url');
      return { readerId, value: `${readerId}.${mac(readerId)}` };
    },
    readerOf(value) {
      if (!value || value.length > 200) return null;
      const [readerId, signature, extra] = value.split('.');
      if (!readerId || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(readerId));
      const given = Buffer.from(signature);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? readerId : null;
    },
  };
}

/**
 * Media files are served only through short-lived signed URLs (docs/design.md, rule 3): the URL names the
 * MediaStore key, an expiry (unix seconds) and an HMAC of both. Unlocked story answers carry these URLs;
 * the media route refuses a bad or expired signature with 403.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const MEDIA_ROUTE_PREFIX = '/api/media/';
/** Signed URLs kept per expiry minute (a few MB at most). */
const SIGNED_URL_CACHE_SIZE = 10_000;

export interface MediaUrlSigner {
  /** `/api/media/<key>?exp=<unix s>&sig=<hmac>` valid for the configured TTL. */
  sign(key: string, now?: Date): string;
  /** True when the signature matches and has not expired. */
  verify(key: string, exp: string | undefined, sig: string | undefined, now?: Date): boolean;
}

export function createMediaUrlSigner(secret: string, ttlSeconds: number): MediaUrlSigner {
  const mac = (key: string, exp: number) =>
    crypto.createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');
  // The URLs of the current expiry minute, so a busy read does not compute the same HMAC again and again.
  let cachedExp = 0;
  const cached = new Map<string, string>();
  return {
    sign(key, now = new Date()) {
      // Round the expiry up to the minute so repeated reads produce the same URL and the browser can cache it.
      const exp = Math.ceil((now.getTime() / 1000 + ttlSeconds) / 60) * 60;
      if (exp !== cachedExp) {
        cached.clear();
        cachedExp = exp;
      }
      let url = cached.get(key);
      if (url === undefined) {
        url = `${MEDIA_ROUTE_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&sig=${mac(key, exp)}`;
        if (cached.size < SIGNED_URL_CACHE_SIZE) cached.set(key, url);
      }
      return url;
    },
    verify(key, exp, sig, now = new Date()) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const expiry = Number(exp);
      if (expiry * 1000 < now.getTime()) return false;
      const expected = Buffer.from(mac(key, expiry));
      const given = Buffer.from(sig);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
  };
}

/**
 * The signing secret: MEDIA_SECRET when configured (required when several instances share storage),
 * otherwise one generated on first start and kept in DATA_DIR so signed URLs survive restarts.
 */
export function resolveMediaSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'media-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

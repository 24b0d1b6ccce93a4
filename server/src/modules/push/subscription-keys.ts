/**
 * A subscription's keys, checked at subscribe: `p256dh` an uncompressed P-256 public key (65 bytes, 0x04, a point
 * on the curve) and `auth` a 16-byte secret, both base64url. Keys that are not keys can never be delivered to:
 * refused at once instead of failing on every notification.
 */
import { createPublicKey } from 'node:crypto';
import { PUSH_TEXTS } from '#common/push';

/** The bytes of a base64url text (padding allowed), or null when the text is not exactly that. */
function base64urlBytes(text: string): Buffer | null {
  const bare = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare)) return null;
  const bytes = Buffer.from(bare, 'base64url');
  return bytes.toString('base64url') === bare ? bytes : null;
}

function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** Null when both keys are sound, else the message to answer with. */
export function subscriptionKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = base64urlBytes(keys.p256dh);
  if (!point || !isP256Point(point)) return PUSH_TEXTS.badP256dh;
  const secret = base64urlBytes(keys.auth);
  if (!secret || secret.length !== 16) return PUSH_TEXTS.badAuth;
  return null;
}

/**
 * Password-reset codes (docs/design.md, rule 5): short enough to type from an email, random enough that five
 * guesses are hopeless. Only a SHA-256 of the code is stored.
 */
import crypto from 'node:crypto';

/** Upper-case letters and digits without the look-alikes I, O, 0 and 1: 32 symbols, 5 bits each. */
export const RESET_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RESET_CODE_LENGTH = 10;
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_WRONG_ATTEMPTS = 5;

export function generateResetCode(): string {
  let code = '';
  for (let i = 0; i < RESET_CODE_LENGTH; i++) code += RESET_CODE_ALPHABET[crypto.randomInt(RESET_CODE_ALPHABET.length)];
  return code;
}

/** People retype codes with spaces, dashes or lower case; none of that should make a right code wrong. */
export function normalizeResetCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export function hashResetCode(code: string): string {
  return crypto.createHash('sha256').update(normalizeResetCode(code)).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

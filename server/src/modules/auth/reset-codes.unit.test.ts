import { describe, expect, it } from 'vitest';
import {
  generateResetCode,
  hashResetCode,
  normalizeResetCode,
  RESET_CODE_ALPHABET,
  RESET_CODE_LENGTH,
  sameDigest,
} from './reset-codes';

describe('reset codes', () => {
  it('are 10 symbols (≥ 8) from an alphabet without look-alikes', () => {
    expect(RESET_CODE_LENGTH).toBeGreaterThanOrEqual(8);
    expect(RESET_CODE_ALPHABET).toHaveLength(32);
    expect(RESET_CODE_ALPHABET).not.toMatch(/[IO01]/);
    for (let i = 0; i < 200; i++) expect(generateResetCode()).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });

  it('are random: no repeats over many draws and every symbol used', () => {
    const codes = Array.from({ length: 2000 }, generateResetCode);
    expect(new Set(codes).size).toBe(codes.length);
    const symbols = new Set(codes.join(''));
    expect(symbols.size).toBe(RESET_CODE_ALPHABET.length);
  });

  it('normalise away case, spaces and dashes', () => {
    expect(normalizeResetCode(' abcd-efgh jk ')).toBe('ABCDEFGHJK');
    expect(hashResetCode('abcde fghjk')).toBe(hashResetCode('ABCDEFGHJK'));
    expect(hashResetCode('ABCDEFGHJK')).not.toBe(hashResetCode('ABCDEFGHJM'));
  });

  it('hash to a SHA-256 hex digest that does not contain the code', () => {
    const code = generateResetCode();
    const digest = hashResetCode(code);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest.toUpperCase()).not.toContain(code);
  });

  it('compare digests in constant time, refusing different lengths', () => {
    const a = hashResetCode('ABCDEFGHJK');
    expect(sameDigest(a, a)).toBe(true);
    expect(sameDigest(a, hashResetCode('ABCDEFGHJM'))).toBe(false);
    expect(sameDigest(a, a.slice(0, 10))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letters of the first two words, upper-cased', () => {
    expect(initialsOf('luna moth')).toBe('LM');
    expect(initialsOf('Ada King Lovelace')).toBe('AK');
  });

  it('gives one initial for a one-word name', () => {
    expect(initialsOf('Nyx')).toBe('N');
  });

  it('ignores extra spaces and copes with empty names', () => {
    expect(initialsOf('  Old   Town  ')).toBe('OT');
    expect(initialsOf('')).toBe('');
    expect(initialsOf(null)).toBe('');
  });

  it('keeps whole characters (accents, emoji) rather than half a surrogate pair', () => {
    expect(initialsOf('élodie ñu')).toBe('ÉÑ');
    expect(initialsOf('🌙 Walker')).toBe('🌙W');
  });
});

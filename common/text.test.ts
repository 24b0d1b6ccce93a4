import { describe, expect, it } from 'vitest';
import { likedMessage } from './notifications';
import { displayNameSchema } from './schemas';
import { countWords, safeDisplayName } from './text';

describe('countWords', () => {
  it('counts whitespace-separated words', () => {
    expect(countWords('  the old   oak tree ')).toBe(4);
    expect(countWords('line one\nline\ttwo')).toBe(4);
  });

  it('ignores runs without a letter or digit, and empty text', () => {
    expect(countWords('wait — what ?!')).toBe(2);
    expect(countWords('')).toBe(0);
    expect(countWords(null)).toBe(0);
    expect(countWords('   ')).toBe(0);
  });

  it('counts letters of any script', () => {
    expect(countWords('Stille Nacht, 静かな 夜')).toBe(4);
  });
});

describe('display names: letters, marks, digits, spaces, punctuation and emoji only', () => {
  const refused = 'Display name can only contain letters, numbers, spaces, punctuation and emoji';
  it.each([
    ['a right-to-left override', 'Ada\u202Eecalevol'],
    ['a left-to-right isolate', 'Ada\u2066x\u2069'],
    ['a zero-width space', 'Ad\u200Ba'],
    ['a zero-width joiner between letters', 'Ad\u200Da'],
    ['a byte order mark', 'Ada\uFEFFLove'],
    ['ESC', 'Ada\u001b[31m'],
    ['BEL', 'Ada\u0007'],
    ['CR/LF', 'Ada\r\nAdmin'],
    ['a tab', 'Ada\tLove'],
    ['a line separator', 'Ada\u2028Love'],
    ['DEL', 'Ada\u007f'],
    ['a private-use character', 'Ada\uE000'],
  ])('refuses %s', (_name, value) => {
    const result = displayNameSchema.safeParse(value);
    expect(result.success ? 'accepted' : result.error.issues[0]!.message).toBe(refused);
  });

  it.each([
    ['accents and combining marks', 'Zoë Ångström e\u0301'],
    ['other scripts', 'Дмитрий 山田 محمد'],
    ['punctuation, digits and symbols', "O'Brien-Smith Jr. (3rd) <ok> & co"],
    ['emoji, skin tones and variation selectors', 'Ada 👋🏽 ❤️'],
    ['a family emoji joined by zero-width joiners', 'Ada 👩‍👩‍👧‍👦'],
    ['a subdivision flag', 'Ada 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
  ])('accepts %s', (_name, value) => {
    expect(displayNameSchema.safeParse(value).success).toBe(true);
  });

  it('shows a name stored before the rule without its unsafe characters, emoji sequences intact', () => {
    expect(safeDisplayName('Ada\u202Eecalevol\u001b[31m\r\n')).toBe('Adaecalevol[31m');
    expect(safeDisplayName('👩‍👩‍👧 Ada')).toBe('👩‍👩‍👧 Ada');
    expect(likedMessage('Eve\u202Enimda', 'A tale')).toBe('Evenimda liked your story “A tale”');
  });
});

import { describe, expect, it } from 'vitest';
import { languageSchema } from './language-schemas';
import {
  canonicalLanguage,
  differsFromReader,
  initialStoryLanguage,
  languageName,
  languageOptions,
  LANGUAGE_MESSAGE,
  matchesLanguageFilter,
  OFFERED_LANGUAGES,
} from './story-language';

describe('canonicalLanguage', () => {
  it('canonicalises valid BCP 47 tags', () => {
    expect(canonicalLanguage('es')).toBe('es');
    expect(canonicalLanguage(' EN-us ')).toBe('en-US');
    expect(canonicalLanguage('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLanguage('es-419')).toBe('es-419');
    expect(canonicalLanguage('de-DE-1996')).toBe('de-DE-1996');
    expect(canonicalLanguage('iw')).toBe('he');
  });

  it('refuses what is not a language tag', () => {
    for (const bad of [
      '',
      '   ',
      'en_US',
      'x-private',
      'i-klingon',
      'root',
      'und',
      'english!',
      'e',
      'en-u-ca-gregory',
    ]) {
      expect(canonicalLanguage(bad), bad).toBeNull();
    }
  });

  it('refuses tags longer than 35 characters', () => {
    const long = 'de-DE-1996-abcdefgh-bcdefghi-cdefghij';
    expect(long.length).toBeGreaterThan(35);
    expect(canonicalLanguage(long)).toBeNull();
  });
});

describe('languageSchema', () => {
  it('yields the canonical tag', () => {
    expect(languageSchema.parse('PT-br')).toBe('pt-BR');
  });

  it('refuses a bad tag with the one message', () => {
    for (const bad of ['en--US', 42, 'x'.repeat(500)]) {
      const result = languageSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(LANGUAGE_MESSAGE);
    }
    expect(LANGUAGE_MESSAGE).toBe('Please choose a valid language.');
  });
});

describe('language names and choices', () => {
  it('names each offered language in itself, with a capital', () => {
    expect(languageName('es')).toBe('Español');
    expect(languageName('fr')).toBe('Français');
    expect(languageName('ar')).toBe('العربية');
    expect(languageName('ja')).toBe('日本語');
    expect(OFFERED_LANGUAGES).toEqual(
      expect.arrayContaining(['en', 'es', 'ar', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh']),
    );
  });

  it('says a language only when its primary language differs from the reader’s', () => {
    expect(differsFromReader('es', 'en-US')).toBe(true);
    expect(differsFromReader('en', 'en-GB')).toBe(false);
    expect(differsFromReader('es-MX', 'es')).toBe(false);
    expect(differsFromReader('en', undefined)).toBe(false);
  });

  it('filters by a tag and its more specific tags', () => {
    expect(matchesLanguageFilter('es-MX', 'es')).toBe(true);
    expect(matchesLanguageFilter('es', 'es')).toBe(true);
    expect(matchesLanguageFilter('fr', 'es')).toBe(false);
    expect(matchesLanguageFilter('est', 'es')).toBe(false);
  });

  it('starts a form with the saved language, else the browser’s offered one, else English', () => {
    expect(initialStoryLanguage('fr', 'es-ES')).toBe('fr');
    expect(initialStoryLanguage('en', 'es-ES')).toBe('es');
    expect(initialStoryLanguage('en', 'en-GB')).toBe('en');
    expect(initialStoryLanguage(null, 'es-ES')).toBe('es');
    expect(initialStoryLanguage(undefined, 'sw-KE')).toBe('en');
    expect(initialStoryLanguage(undefined, undefined)).toBe('en');
  });

  it('keeps a story’s own tag among the options', () => {
    expect(languageOptions('pt-BR').map((o) => o.value)).toContain('pt-BR');
    expect(languageOptions('es').filter((o) => o.value === 'es')).toHaveLength(1);
  });
});

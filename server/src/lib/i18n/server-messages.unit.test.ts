import { describe, expect, it } from 'vitest';
import { serverSentences } from './test-support/server-sentences';
import { localeOfRequest, readServerCatalogue, translateMessage } from './server-messages';

const holes = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort();

describe('server messages in other languages', () => {
  const sentences = serverSentences();

  for (const locale of ['es', 'ar'] as const) {
    it(`${locale} translates every sentence the server says, with the same holes, and nothing else`, () => {
      const catalogue = readServerCatalogue(locale);
      expect(sentences.filter((s) => !(s in catalogue))).toEqual([]);
      expect(Object.keys(catalogue).filter((k) => !sentences.includes(k))).toEqual([]);
      for (const [english, translated] of Object.entries(catalogue)) {
        expect(holes(translated), `${locale}: ${english}`).toEqual(holes(english));
        expect(translated.trim(), `${locale}: ${english}`).not.toBe('');
      }
    });
  }

  it('fills a template’s values, trying the more specific sentence first', () => {
    const es = readServerCatalogue('es');
    const seconds = es['Too many requests. Please try again in {0} seconds.']!;
    expect(translateMessage('Too many requests. Please try again in 30 seconds.', 'es')).toBe(
      seconds.replace('{0}', '30'),
    );
    // "in 5 minutes" is itself English: it is put in the sentence in Spanish.
    const later = translateMessage('Too many requests. Please try again in 5 minutes.', 'es');
    expect(later).toBe(es['Too many requests. Please try again {0}.']!.replace('{0}', 'dentro de 5 minutos'));
  });

  it('leaves English, and a sentence no catalogue knows, as they are', () => {
    expect(translateMessage('Story not found', 'en')).toBe('Story not found');
    expect(translateMessage('A sentence nobody wrote.', 'ar')).toBe('A sentence nobody wrote.');
    expect(localeOfRequest('fr, ar;q=0.3')).toBe('ar');
    expect(localeOfRequest(undefined)).toBe('en');
  });
});

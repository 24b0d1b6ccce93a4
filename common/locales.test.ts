import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, matchInterfaceLocale, textDirection } from './locales';

describe('interface locales', () => {
  it('takes the first language the interface speaks, by primary subtag, else English', () => {
    expect(matchInterfaceLocale(['fr-FR', 'es-MX', 'ar'])).toBe('es');
    expect(matchInterfaceLocale(['AR-EG'])).toBe('ar');
    expect(matchInterfaceLocale(['de', 'fr'])).toBe('en');
    expect(matchInterfaceLocale([])).toBe('en');
  });

  it('reads Accept-Language best first by q, keeping the order of equals and dropping refusals', () => {
    expect(acceptLanguageTags('fr;q=0.4, ar;q=0.9, es-ES, de;q=0')).toEqual(['es-ES', 'ar', 'fr']);
    expect(acceptLanguageTags('en, es')).toEqual(['en', 'es']);
    expect(acceptLanguageTags('*')).toEqual([]);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(matchInterfaceLocale(acceptLanguageTags('de;q=1, ar;q=0.5'))).toBe('ar');
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('es')).toBe('ltr');
  });
});

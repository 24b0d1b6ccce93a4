/**
 * The languages the interface speaks (docs/decisions/062-interface-languages.md). English is the spec's catalogue,
 * word for word; the others translate it. Shared: the client picks one from the browser, the server from
 * Accept-Language or the signed-in user's choice.
 */
export const INTERFACE_LOCALES = ['en', 'es', 'ar'] as const;
export type InterfaceLocale = (typeof INTERFACE_LOCALES)[number];
export const DEFAULT_LOCALE: InterfaceLocale = 'en';

/** Each language named in itself, as a switcher shows it. */
export const LOCALE_NAMES: Record<InterfaceLocale, string> = { en: 'English', es: 'Español', ar: 'العربية' };

const RIGHT_TO_LEFT = new Set<InterfaceLocale>(['ar']);

export function isInterfaceLocale(value: unknown): value is InterfaceLocale {
  return typeof value === 'string' && (INTERFACE_LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: InterfaceLocale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The first of the reader's languages (best first: navigator.languages, or Accept-Language in order of q) that the
 * interface speaks, matched by its primary subtag ("es-MX" → es); English when none is.
 */
export function matchInterfaceLocale(preferred: readonly string[]): InterfaceLocale {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isInterfaceLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, best first (RFC 9110 §12.5.4); q=0 ranges are refusals and are dropped. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

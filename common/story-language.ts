/**
 * The language a story is written in (docs/decisions/061-stories-carry-their-language.md): a BCP 47 tag, checked and
 * canonicalised by `Intl.getCanonicalLocales`, with the list the story form offers and each language's own name
 * ("Español"). Pure: the zod schema is in language-schemas.ts.
 */

/** The languages the story form and the discover filter offer first; any other valid tag is accepted too. */
export const OFFERED_LANGUAGES = ['en', 'es', 'ar', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh'] as const;

/** A user's and a story's language when none was chosen (the migration's default too). */
export const DEFAULT_LANGUAGE = 'en';

/** The longest tag stored (a language, script, region and two variants fit with room to spare). */
export const LANGUAGE_TAG_MAX = 35;

export const LANGUAGE_MESSAGE = 'Please choose a valid language.';

/**
 * A canonical tag names a language, optionally with script, region and variants. Extensions (`-u-…`, `-t-…`) and
 * private use (`-x-…`) say how to format, not which language the words are in; `und` says no language at all.
 */
const LANGUAGE_TAG_SHAPE =
  /^(?:[a-z]{2,3}|[a-z]{5,8})(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*$/;

/** The canonical form of a language tag ("EN-us" → "en-US", "iw" → "he"), or null when it is not a valid one. */
export function canonicalLanguage(tag: string): string | null {
  const trimmed = tag.trim();
  if (!trimmed || trimmed.length > LANGUAGE_TAG_MAX || !/^[A-Za-z\d-]+$/.test(trimmed)) return null;
  let canonical: string | undefined;
  try {
    canonical = Intl.getCanonicalLocales(trimmed)[0];
  } catch {
    return null;
  }
  if (!canonical || canonical.length > LANGUAGE_TAG_MAX || canonical === 'und') return null;
  return LANGUAGE_TAG_SHAPE.test(canonical) ? canonical : null;
}

/** The primary language subtag ("pt-BR" → "pt"). */
function primaryLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

/**
 * Whether a story's language is worth saying to a reader whose language is `readerLanguage` (navigator.language):
 * only when the primary languages differ, so "en" is not named to an "en-GB" reader. An unknown reader language is
 * treated as English, the app's own.
 */
export function differsFromReader(storyLanguage: string, readerLanguage: string | null | undefined): boolean {
  return primaryLanguage(storyLanguage) !== primaryLanguage(readerLanguage || DEFAULT_LANGUAGE);
}

/**
 * Whether a story in `storyLanguage` answers a filter for `filter`: the same tag, or a more specific one of it
 * ("es" finds "es-MX"). The SQL of the discover reads applies the same rule (story-queries.ts).
 */
export function matchesLanguageFilter(storyLanguage: string, filter: string): boolean {
  return storyLanguage === filter || storyLanguage.startsWith(`${filter}-`);
}

const names = new Map<string, string>();

/**
 * A language's name in that language, with a capital ("es" → "Español", "ar" → "العربية"); the tag itself where
 * the runtime has no name for it.
 */
export function languageName(tag: string): string {
  let name = names.get(tag);
  if (name === undefined) {
    try {
      const own = new Intl.DisplayNames([tag], { type: 'language', fallback: 'code' }).of(tag) ?? tag;
      name = own.charAt(0).toLocaleUpperCase(tag) + own.slice(1);
    } catch {
      name = tag;
    }
    names.set(tag, name);
  }
  return name;
}

/**
 * The language a new story's form starts with: the author's saved language; where that is still the default
 * (English, which every account starts with), the browser's primary language when it is one of the offered ones;
 * else English.
 */
export function initialStoryLanguage(
  userLanguage: string | null | undefined,
  browserLanguage: string | null | undefined,
) {
  const saved = userLanguage ? canonicalLanguage(userLanguage) : null;
  if (saved && saved !== DEFAULT_LANGUAGE) return saved;
  const browser = browserLanguage ? canonicalLanguage(browserLanguage) : null;
  if (browser) {
    const primary = primaryLanguage(browser);
    if ((OFFERED_LANGUAGES as readonly string[]).includes(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The offered languages, plus `current` when it is another tag (a story's saved "pt-BR" stays choosable). */
export function languageOptions(current?: string | null): { value: string; label: string }[] {
  const tags: string[] = [...OFFERED_LANGUAGES];
  if (current && !tags.includes(current)) tags.push(current);
  return tags.map((value) => ({ value, label: languageName(value) }));
}

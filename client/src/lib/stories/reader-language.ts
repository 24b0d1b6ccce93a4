import { DEFAULT_LANGUAGE } from '#common/story-language';

/**
 * The reader's language, the browser's first (docs/decisions/061-stories-carry-their-language.md): a story in another
 * one says so on its card and in its detail.
 */
export function readerLanguage(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || DEFAULT_LANGUAGE;
}

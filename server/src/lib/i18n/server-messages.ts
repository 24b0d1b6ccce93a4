import fs from 'node:fs';
import path from 'node:path';
import { acceptLanguageTags, matchInterfaceLocale, type InterfaceLocale } from '#common/locales';
import {
  buildSentenceCatalogue,
  sentenceSpeaker,
  translateSentence,
  type SentenceCatalogue,
} from '#common/sentences/sentence-catalogue';
import type { Speaker } from '#common/words';

/**
 * The server's sentences in the reader's language (docs/decisions/062-interface-languages.md): the catalogues of
 * common/sentences, read once per language. A message no catalogue knows is answered in English.
 */
type Translated = Exclude<InterfaceLocale, 'en'>;
const LOCALES: readonly Translated[] = ['es', 'ar'];
const CATALOGUE_DIR = path.resolve(import.meta.dirname, '../../../../common/sentences');

export function readServerCatalogue(locale: Translated): Record<string, string> {
  const file = path.join(CATALOGUE_DIR, `sentences.${locale}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

const catalogues = new Map<Translated, SentenceCatalogue>();
function catalogueOf(locale: Translated): SentenceCatalogue {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = buildSentenceCatalogue(locale, readServerCatalogue(locale));
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

const translated = (locale: InterfaceLocale): locale is Translated => LOCALES.includes(locale as Translated);

/** The message in the locale, or as it is when the locale is English or the message is not in its catalogue. */
export function translateMessage(message: string, locale: InterfaceLocale): string {
  return translated(locale) ? translateSentence(catalogueOf(locale), message) : message;
}

const englishSpeaker: Speaker = { template: (english) => english, number: (value) => String(value) };

/** Says words (common/words.ts) in the locale: each template from its catalogue, numbers as the locale writes them. */
export function speakerOf(locale: InterfaceLocale): Speaker {
  return translated(locale) ? sentenceSpeaker(catalogueOf(locale)) : englishSpeaker;
}

/** The reader's language for an answer: the first of Accept-Language's that the interface speaks. */
export function localeOfRequest(acceptLanguage: string | undefined): InterfaceLocale {
  return matchInterfaceLocale(acceptLanguageTags(acceptLanguage));
}

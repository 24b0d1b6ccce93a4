/**
 * The shared schemas' messages (the field refusals of common/, the spec's words in English) in the interface's
 * language, from the server's own sentence catalogues (common/sentences): a form checks with the very schema its
 * route parses with, and says its refusal as the server would. Each language's catalogue is fetched with the rest
 * of its interface messages, after the first render (i18n.ts); until it is in, a refusal is said in English.
 */
import {
  buildSentenceCatalogue,
  translateSentence,
  type SentenceCatalogue,
} from '#common/sentences/sentence-catalogue';
import type { InterfaceLocale } from '#common/locales';

type OtherLocale = Exclude<InterfaceLocale, 'en'>;

const loaders: Record<OtherLocale, () => Promise<{ default: Record<string, string> }>> = {
  es: () => import('../../../../common/sentences/sentences.es.json'),
  ar: () => import('../../../../common/sentences/sentences.ar.json'),
};
const catalogues = new Map<OtherLocale, SentenceCatalogue>();
const loading = new Map<OtherLocale, Promise<void>>();

/** Fetches a language's sentences once; never rejects (a failed fetch is tried again next time). */
export function loadSentences(locale: OtherLocale): Promise<void> {
  let load = loading.get(locale);
  if (!load) {
    load = loaders[locale]()
      .then(({ default: entries }) => void catalogues.set(locale, buildSentenceCatalogue(locale, entries)))
      .catch(() => void loading.delete(locale));
    loading.set(locale, load);
  }
  return load;
}

/** A shared schema's message in `locale` (the interface's), or as it is in English or before its catalogue is in. */
export function saySentenceIn(locale: InterfaceLocale, message: string): string {
  const catalogue = locale === 'en' ? undefined : catalogues.get(locale);
  return catalogue ? translateSentence(catalogue, message) : message;
}

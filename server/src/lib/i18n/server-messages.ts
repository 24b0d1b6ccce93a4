import fs from 'node:fs';
import path from 'node:path';
import { acceptLanguageTags, matchInterfaceLocale, type InterfaceLocale } from '#common/locales';
import type { Speaker } from '#common/words';

/**
 * The server's sentences in the reader's language (docs/decisions/062-interface-languages.md). The code words its
 * messages in English, the spec's own; messages.<locale>.json maps each English sentence to its translation, with
 * `{0}`, `{1}`… where a template put a value. A message no catalogue knows is answered in English.
 */
type Translated = Exclude<InterfaceLocale, 'en'>;
const LOCALES: readonly Translated[] = ['es', 'ar'];
const HOLE = /\{(\d+)\}/g;

interface Pattern {
  match: RegExp;
  holes: number[];
  translation: string;
  /** Literal characters: a more specific pattern is tried first ("again in {0} seconds." before "again {0}."). */
  weight: number;
}

interface Catalogue {
  exact: Map<string, string>;
  patterns: Pattern[];
  /** Every entry by its English, holes and all: words are said template by template (speakerOf). */
  templates: Map<string, string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function readServerCatalogue(locale: Translated): Record<string, string> {
  const file = path.join(import.meta.dirname, `messages.${locale}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

function buildCatalogue(entries: Record<string, string>): Catalogue {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [english, translation] of Object.entries(entries)) {
    const holes = [...english.matchAll(HOLE)].map((m) => Number(m[1]));
    if (holes.length === 0) {
      exact.set(english, translation);
      continue;
    }
    const source = english
      .split(HOLE)
      .map((part, i) => (i % 2 === 0 ? escape(part) : '(.+?)'))
      .join('');
    patterns.push({
      match: new RegExp(`^${source}$`, 's'),
      holes,
      translation,
      weight: english.replace(HOLE, '').length,
    });
  }
  patterns.sort((a, b) => b.weight - a.weight);
  return { exact, patterns, templates: new Map(Object.entries(entries)) };
}

const catalogues = new Map<Translated, Catalogue>();
function catalogueOf(locale: Translated): Catalogue {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = buildCatalogue(readServerCatalogue(locale));
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

const RELATIVE = /^in (\d+) (second|minute|hour|day)s?$/;

/** A value put in a sentence, where it is itself English words: "in 5 minutes", "tomorrow". */
function translateValue(value: string, locale: Translated): string {
  const relative = RELATIVE.exec(value);
  if (relative) {
    const unit = relative[2] as Intl.RelativeTimeFormatUnit;
    return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(Number(relative[1]), unit);
  }
  if (value === 'tomorrow') return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(1, 'day');
  return value;
}

/** The message in the locale, or as it is when the locale is English or the message is not in its catalogue. */
export function translateMessage(message: string, locale: InterfaceLocale): string {
  if (locale === 'en' || !LOCALES.includes(locale)) return message;
  const catalogue = catalogueOf(locale);
  const exact = catalogue.exact.get(message);
  if (exact !== undefined) return exact;
  for (const pattern of catalogue.patterns) {
    const found = pattern.match.exec(message);
    if (!found) continue;
    const values = new Map(pattern.holes.map((hole, i) => [hole, translateValue(found[i + 1] ?? '', locale)]));
    return pattern.translation.replace(HOLE, (_, n: string) => values.get(Number(n)) ?? '');
  }
  return message;
}

const englishSpeaker: Speaker = { template: (english) => english, number: (value) => String(value) };

/** Says words (common/words.ts) in the locale: each template from its catalogue, numbers as the locale writes them. */
export function speakerOf(locale: InterfaceLocale): Speaker {
  if (locale === 'en' || !LOCALES.includes(locale)) return englishSpeaker;
  const { templates } = catalogueOf(locale);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return { template: (english) => templates.get(english) ?? english, number: (value) => numbers.format(value) };
}

/** The reader's language for an answer: the first of Accept-Language's that the interface speaks. */
export function localeOfRequest(acceptLanguage: string | undefined): InterfaceLocale {
  return matchInterfaceLocale(acceptLanguageTags(acceptLanguage));
}

/**
 * The server's sentences in another language (docs/decisions/062-interface-languages.md), said on both sides: the
 * server answers refusals and mails with them, the client says the shared schemas' field messages with them. The
 * code words its messages in English, the spec's own; sentences.<locale>.json maps each English sentence to its
 * translation, with `{0}`, `{1}`… where a template put a value. A message no catalogue knows is said in English.
 */
import type { Speaker } from '../words';

const HOLE = /\{(\d+)\}/g;

interface Pattern {
  match: RegExp;
  holes: number[];
  translation: string;
  /** Literal characters: a more specific pattern is tried first ("again in {0} seconds." before "again {0}."). */
  weight: number;
}

export interface SentenceCatalogue {
  locale: string;
  exact: Map<string, string>;
  patterns: Pattern[];
  /** Every entry by its English, holes and all: words are said template by template (speakerOf). */
  templates: Map<string, string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function buildSentenceCatalogue(locale: string, entries: Record<string, string>): SentenceCatalogue {
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
  return { locale, exact, patterns, templates: new Map(Object.entries(entries)) };
}

const RELATIVE = /^in (\d+) (second|minute|hour|day)s?$/;

/** A value put in a sentence, where it is itself English words: "in 5 minutes", "tomorrow". */
function translateValue(value: string, locale: string): string {
  const relative = RELATIVE.exec(value);
  if (relative) {
    const unit = relative[2] as Intl.RelativeTimeFormatUnit;
    return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(Number(relative[1]), unit);
  }
  if (value === 'tomorrow') return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(1, 'day');
  return value;
}

/** The message in the catalogue's language, or as it is when the catalogue does not know it. */
export function translateSentence(catalogue: SentenceCatalogue, message: string): string {
  const exact = catalogue.exact.get(message);
  if (exact !== undefined) return exact;
  for (const pattern of catalogue.patterns) {
    const found = pattern.match.exec(message);
    if (!found) continue;
    const values = new Map(
      pattern.holes.map((hole, i) => [hole, translateValue(found[i + 1] ?? '', catalogue.locale)]),
    );
    return pattern.translation.replace(HOLE, (_, n: string) => values.get(Number(n)) ?? '');
  }
  return message;
}

/** Says words (common/words.ts) with the catalogue: each template translated, numbers as the language writes them. */
export function sentenceSpeaker(catalogue: SentenceCatalogue): Speaker {
  const numbers = new Intl.NumberFormat(catalogue.locale, { maximumFractionDigits: 1 });
  return {
    template: (english) => catalogue.templates.get(english) ?? english,
    number: (value) => numbers.format(value),
  };
}

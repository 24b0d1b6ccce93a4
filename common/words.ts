/**
 * Sentences the server writes once and says later in each reader's language (docs/decisions/063-notifications-in-
 * the-readers-language.md). A notification is stored as its English text and as the words it was made from: an
 * English template with `{0}`, `{1}`… and the values put in it, a value being text, a number or words of its own
 * ("Reason: {0}" holds the reason's name, itself words). Said in English the words give back the stored text, letter
 * for letter; said in another language each template is looked up in that language's catalogue.
 */
export type WordValue = string | number | Words;
export interface Words {
  /** The English template. */
  t: string;
  /** Its values, in the order of their holes. */
  v?: WordValue[];
}

export const words = (template: string, ...values: WordValue[]): Words =>
  values.length > 0 ? { t: template, v: values } : { t: template };

export interface Speaker {
  /** The template in the reader's language (as it is when the catalogue does not have it). */
  template(english: string): string;
  /** A number as the reader's language writes it. */
  number(value: number): string;
}

const ENGLISH: Speaker = { template: (english) => english, number: (value) => String(value) };
const HOLE = /\{(\d+)\}/g;

/** The words as a sentence: in English without a speaker (plain text is said as it is). */
export function say(said: Words | string, speaker: Speaker = ENGLISH): string {
  if (typeof said === 'string') return said;
  const values = (said.v ?? []).map((value) =>
    typeof value === 'string' ? value : typeof value === 'number' ? speaker.number(value) : say(value, speaker),
  );
  return speaker.template(said.t).replace(HOLE, (hole, n: string) => values[Number(n)] ?? hole);
}

/** Whether a stored value is words (a notification written before words were kept has none). */
export function isWords(value: unknown): value is Words {
  if (typeof value !== 'object' || value === null) return false;
  const { t, v } = value as { t?: unknown; v?: unknown };
  return (
    typeof t === 'string' &&
    (v === undefined ||
      (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number' || isWords(x))))
  );
}

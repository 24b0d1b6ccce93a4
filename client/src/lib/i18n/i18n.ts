import { setupI18n, type Messages } from '@lingui/core';
import english from 'virtual:interface-messages/en';
import {
  DEFAULT_LOCALE,
  isInterfaceLocale,
  matchInterfaceLocale,
  textDirection,
  type InterfaceLocale,
} from '#common/locales';
import type { MessageId } from './message-ids';
import { loadSentences, saySentenceIn } from './sentences';

/**
 * The interface's words (docs/decisions/062-interface-languages.md): Lingui with catalogues compiled at build time.
 * English is in the first bundle, whole: every reader's fallback. Another language comes in two chunks of its own
 * (client/i18n-catalogues.ts): `first`, what the first screens say, which the first render waits for, and `rest`,
 * fetched right after; until `rest` is in, its messages are said in English, never as their ids.
 */
export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: english } });

type OtherLocale = Exclude<InterfaceLocale, 'en'>;
type CatalogueModule = Promise<{ default: Messages }>;

const loaders: Record<OtherLocale, { first: () => CatalogueModule; rest: () => CatalogueModule }> = {
  es: {
    first: () => import('virtual:interface-messages/es/first'),
    rest: () => import('virtual:interface-messages/es/rest'),
  },
  ar: {
    first: () => import('virtual:interface-messages/ar/first'),
    rest: () => import('virtual:interface-messages/ar/rest'),
  },
};

/** Per language: its first part loaded (English beneath it), and its rest once asked for. */
const firstParts = new Map<OtherLocale, Promise<void>>();
const restParts = new Map<OtherLocale, Promise<void>>();

function loadFirst(locale: OtherLocale): Promise<void> {
  let loading = firstParts.get(locale);
  if (!loading) {
    loading = loaders[locale].first().then(({ default: first }) => {
      // A fresh object: Lingui merges the rest into it later, and English's own must stay English.
      i18n.load(locale, { ...english, ...first });
    });
    loading.catch(() => firstParts.delete(locale));
    firstParts.set(locale, loading);
  }
  return loading;
}

/**
 * Never rejects: a rest that did not come leaves its messages in English, and is asked for again next time. The
 * shared schemas' sentences (sentences.ts) come with it: forms say their refusals after the first screen.
 */
function loadRest(locale: OtherLocale): Promise<void> {
  let loading = restParts.get(locale);
  if (!loading) {
    void loadSentences(locale);
    loading = loaders[locale]
      .rest()
      // Lingui's load() merges into the language's messages and emits "change": every useT() renders again.
      .then(({ default: rest }) => i18n.load(locale, rest))
      .catch(() => {
        restParts.delete(locale);
      });
    restParts.set(locale, loading);
  }
  return loading;
}

const STORAGE_KEY = 'whispers.locale';

/** The reader's remembered choice, else the first of the browser's languages the interface speaks. */
export function initialLocale(): InterfaceLocale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the browser's languages decide.
  }
  if (isInterfaceLocale(stored)) return stored;
  return matchInterfaceLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** The language last asked for: a choice made while an earlier one's messages were on their way wins. */
let wanted: InterfaceLocale = DEFAULT_LOCALE;

/**
 * Switches the interface to a language as soon as what its first screens say is in: texts, `lang` and the page's
 * direction. The rest of its catalogue is fetched at once and follows by itself; until it is in, English says it.
 * The first render waits for this (main.tsx).
 */
export async function switchLocale(locale: InterfaceLocale): Promise<void> {
  wanted = locale;
  if (locale !== 'en') {
    await loadFirst(locale);
    void loadRest(locale);
  }
  if (wanted !== locale) return;
  i18n.activate(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
  }
}

/** `switchLocale`, settling once the language's whole catalogue and sentences are in too (or failed: English then). */
export async function activateLocale(locale: InterfaceLocale): Promise<void> {
  await switchLocale(locale);
  if (locale !== 'en') await Promise.all([loadRest(locale), loadSentences(locale)]);
}

/** The reader's choice from the switcher: remembered on this device and applied at once. */
export async function chooseLocale(locale: InterfaceLocale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered, still applied.
  }
  await switchLocale(locale);
}

export function currentLocale(): InterfaceLocale {
  return isInterfaceLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export type MessageValues = Record<string, string | number | null | undefined>;

/** A shared schema's refusal (a field's message from common/) in the interface's language (sentences.ts). */
export const saySentence = (message: string): string => saySentenceIn(currentLocale(), message);

/** A message outside React (toasts, module helpers): read at call time, so it follows the current language. */
export function translate(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

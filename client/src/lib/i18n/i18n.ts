import { setupI18n } from '@lingui/core';
import english from 'virtual:interface-messages/en';
import {
  DEFAULT_LOCALE,
  isInterfaceLocale,
  matchInterfaceLocale,
  textDirection,
  type InterfaceLocale,
} from '#common/locales';
import type { MessageId } from './message-ids';

/**
 * The interface's words (docs/decisions/062-interface-languages.md): Lingui with catalogues compiled at build time.
 * English is in the first bundle; another language's catalogue is its own chunk, fetched when it is chosen.
 */
export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: english } });

const loaders: Record<Exclude<InterfaceLocale, 'en'>, () => Promise<{ default: typeof english }>> = {
  es: () => import('virtual:interface-messages/es'),
  ar: () => import('virtual:interface-messages/ar'),
};
const loaded = new Set<InterfaceLocale>([DEFAULT_LOCALE]);

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

/** Loads a language's catalogue (once) and switches the interface to it: texts, `lang` and the page's direction. */
export async function activateLocale(locale: InterfaceLocale): Promise<void> {
  if (locale !== 'en' && !loaded.has(locale)) {
    const { default: messages } = await loaders[locale]();
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  i18n.activate(locale);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = textDirection(locale);
  }
}

/** The reader's choice from the switcher: remembered on this device and applied at once. */
export async function chooseLocale(locale: InterfaceLocale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered, still applied.
  }
  await activateLocale(locale);
}

export function currentLocale(): InterfaceLocale {
  return isInterfaceLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export type MessageValues = Record<string, string | number | null | undefined>;

/** A message outside React (toasts, module helpers): read at call time, so it follows the current language. */
export function translate(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The interface's message catalogues (docs/decisions/062-interface-languages.md): every
 * `client/src/lib/i18n/messages/<namespace>.<locale>.json` of a locale, merged into one module whose ICU messages are
 * compiled here, at build time, so the browser gets no message parser. A key outside its file's namespace, or a
 * message that does not parse, fails the build.
 *
 * - `virtual:interface-messages/<locale>`: the whole catalogue (English, in the entry: every reader's fallback);
 * - `virtual:interface-messages/<locale>/first`: the namespaces of the first screens (FIRST_SCREEN_NAMESPACES);
 * - `virtual:interface-messages/<locale>/rest`: every other namespace, fetched right after `first`.
 */
const PREFIX = 'virtual:interface-messages/';
const MESSAGES_DIR = path.resolve(import.meta.dirname, 'src/lib/i18n/messages');

/**
 * What the first screens (`/`, `/discover`, the story map, the header, the account menu, toasts and dialogs' frame)
 * say: the namespaces their components use. The first render of a Spanish or Arabic reader waits for these only;
 * their gzip is the first screen's cost of a second language (bench/catalogues.ts, goal ≤ 15 KiB). The sign-in page
 * (`auth`) is a lazy page of its own, requested after the first render, later than `rest`.
 */
export const FIRST_SCREEN_NAMESPACES: readonly string[] = [
  'app',
  'common',
  'create',
  'discover',
  'follows',
  'home',
  'lib',
  'notifications',
  'places',
  'shell',
  'story',
  'tours',
  'ui',
  'walk',
];

export type CataloguePart = 'first' | 'rest';

const namespaceOf = (key: string) => key.slice(0, key.indexOf('.'));

/** One part of a catalogue: the keys of the first screens' namespaces, or all the others. */
export function cataloguePart(messages: Record<string, string>, part: CataloguePart): Record<string, string> {
  const wanted = part === 'first';
  return Object.fromEntries(
    Object.entries(messages).filter(([key]) => FIRST_SCREEN_NAMESPACES.includes(namespaceOf(key)) === wanted),
  );
}

export function readCatalogue(
  locale: string,
  dir = MESSAGES_DIR,
): { messages: Record<string, string>; files: string[] } {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(`.${locale}.json`))
    .sort()
    .map((name) => path.join(dir, name));
  const messages: Record<string, string> = {};
  for (const file of files) {
    const namespace = path.basename(file).split('.')[0];
    const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [key, message] of Object.entries(entries)) {
      if (!key.startsWith(`${namespace}.`))
        throw new Error(`${file}: key "${key}" is outside its namespace "${namespace}."`);
      if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
      messages[key] = message;
    }
  }
  return { messages, files };
}

export function compileCatalogue(messages: Record<string, string>, locale: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${locale} "${key}": ${(error as Error).message}`, { cause: error });
      }
    }),
  );
}

/** What is imported (`es/first`), and the id it resolves to (`es-first`: a chunk is named after its id's last segment). */
const IMPORTED = /^virtual:interface-messages\/(?<locale>[\w-]+?)(?:\/(?<part>first|rest))?$/;
const RESOLVED = /^\0virtual:interface-messages\/(?<locale>[\w-]+?)(?:-(?<part>first|rest))?$/;

export function interfaceMessages(): Plugin {
  return {
    name: 'whispers-interface-messages',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { locale, part } = IMPORTED.exec(id)?.groups ?? {};
      if (!locale) throw new Error(`${id}: expected ${PREFIX}<locale>[/first|/rest]`);
      return `\0${PREFIX}${locale}${part ? `-${part}` : ''}`;
    },
    load(id) {
      const { locale, part } = (RESOLVED.exec(id)?.groups ?? {}) as { locale?: string; part?: CataloguePart };
      if (!locale) return null;
      const { messages, files } = readCatalogue(locale);
      if (files.length === 0) throw new Error(`${id.slice(1)}: no catalogue for "${locale}"`);
      for (const file of files) this.addWatchFile(file);
      const chosen = part === undefined ? messages : cataloguePart(messages, part);
      return `export default ${JSON.stringify(compileCatalogue(chosen, locale))};`;
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The interface's message catalogues (docs/decisions/062-interface-languages.md): every
 * `client/src/lib/i18n/messages/<namespace>.<locale>.json` of a locale, merged into one module
 * `virtual:interface-messages/<locale>` whose ICU messages are compiled here, at build time, so the browser gets no
 * message parser. A key outside its file's namespace, or a message that does not parse, fails the build.
 */
const PREFIX = 'virtual:interface-messages/';
const MESSAGES_DIR = path.resolve(import.meta.dirname, 'src/lib/i18n/messages');

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

export function interfaceMessages(): Plugin {
  return {
    name: 'whispers-interface-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1);
      const { messages, files } = readCatalogue(locale);
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(compileCatalogue(messages, locale))};`;
    },
  };
}

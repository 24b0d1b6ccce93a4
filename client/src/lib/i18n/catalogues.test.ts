import fs from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LOCALES } from '#common/locales';
import { cataloguePart, compileCatalogue, FIRST_SCREEN_NAMESPACES, readCatalogue } from '../../../i18n-catalogues';

const english = readCatalogue('en').messages;

/** The arguments a message takes ({place}, {count, plural, …}), wherever they sit in it. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** The element placeholders (<0>…</0>) a message moves its words into. */
const tagsOf = (message: string) => [...message.matchAll(/<(\d+)\/?>/g)].map((m) => m[1]).sort();

describe('interface catalogues', () => {
  it('English has messages, each compiling', () => {
    expect(Object.keys(english).length).toBeGreaterThan(10);
    expect(() => compileCatalogue(english, 'en')).not.toThrow();
  });

  for (const locale of INTERFACE_LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every English key and no other, with the same arguments and elements`, () => {
      const messages = readCatalogue(locale).messages;
      expect(Object.keys(messages).filter((key) => !(key in english))).toEqual([]);
      expect(Object.keys(english).filter((key) => !(key in messages))).toEqual([]);
      for (const [key, message] of Object.entries(english)) {
        const translated = messages[key] ?? '';
        expect(argumentsOf(translated), `${locale} ${key}`).toEqual(argumentsOf(message));
        expect(tagsOf(translated), `${locale} ${key}`).toEqual(tagsOf(message));
      }
      expect(() => compileCatalogue(messages, locale)).not.toThrow();
    });
  }

  for (const locale of INTERFACE_LOCALES) {
    it(`${locale}: the first screens' part and the rest hold every key exactly once`, async () => {
      const whole = readCatalogue(locale).messages;
      const first = Object.keys(cataloguePart(whole, 'first'));
      const rest = Object.keys(cataloguePart(whole, 'rest'));
      expect(first.filter((key) => rest.includes(key))).toEqual([]);
      expect([...first, ...rest].sort()).toEqual(Object.keys(whole).sort());
      expect(first.length).toBeGreaterThan(0);
      expect(rest.length).toBeGreaterThan(0);
      // The modules the browser imports are those parts, compiled.
      const { default: firstModule } = await import(`virtual:interface-messages/${locale}/first`);
      const { default: restModule } = await import(`virtual:interface-messages/${locale}/rest`);
      expect(Object.keys(firstModule).sort()).toEqual([...first].sort());
      expect(Object.keys(restModule).sort()).toEqual([...rest].sort());
    });
  }

  it('every first-screen namespace has a catalogue (a renamed one would fall into the rest unseen)', () => {
    const namespaces = new Set(Object.keys(english).map((key) => key.split('.')[0]));
    expect(FIRST_SCREEN_NAMESPACES.filter((namespace) => !namespaces.has(namespace))).toEqual([]);
  });

  it('every namespace file is in the message ids, so t() knows its keys', () => {
    const dir = path.resolve(import.meta.dirname, 'messages');
    const ids = fs.readFileSync(path.resolve(import.meta.dirname, 'message-ids.ts'), 'utf8');
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.en.json'))) {
      expect(ids, file).toContain(`'./messages/${file}'`);
    }
  });
});

import { afterAll, describe, expect, it, vi } from 'vitest';
import { cataloguePart, readCatalogue } from '../../../i18n-catalogues';
import { activateLocale, currentLocale, switchLocale, translate } from './i18n';
import type { MessageId } from './message-ids';

// The Spanish rest arrives only when the test lets it: what the interface says in between is what a reader sees
// while that chunk is on its way (docs/decisions/062-interface-languages.md).
const restGate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});
vi.mock('virtual:interface-messages/es/rest', async (importOriginal) => {
  await restGate.opened;
  return importOriginal();
});

const english = readCatalogue('en').messages;
const spanish = readCatalogue('es').messages;
// Plain sentences (no argument, quote or element), so the compiled message is the catalogue's text itself.
const plainDifferent = (part: 'first' | 'rest') =>
  Object.keys(cataloguePart(spanish, part)).find(
    (key) => !/[{}'<#]/.test(`${english[key]}${spanish[key]}`) && english[key] !== spanish[key],
  ) as MessageId;

describe('a language loaded in two parts', () => {
  afterAll(() => activateLocale('en'));

  it('says a message of the rest in English until the rest is in, then in the language', async () => {
    const firstKey = plainDifferent('first');
    const restKey = plainDifferent('rest');
    expect(firstKey).toBeDefined();
    expect(restKey).toBeDefined();

    await switchLocale('es');
    expect(currentLocale()).toBe('es');
    expect(translate(firstKey)).toBe(spanish[firstKey]);
    expect(translate(restKey)).toBe(english[restKey]);

    restGate.open();
    await vi.waitFor(() => expect(translate(restKey)).toBe(spanish[restKey]));

    // English's own catalogue, beneath the Spanish one, is still English.
    await activateLocale('en');
    expect(translate(restKey)).toBe(english[restKey]);
    expect(translate(firstKey)).toBe(english[firstKey]);
  });

  it('keeps the last choice when an earlier one’s messages arrive after it', async () => {
    const arabic = switchLocale('ar');
    await switchLocale('en');
    await arabic;
    expect(currentLocale()).toBe('en');
  });
});

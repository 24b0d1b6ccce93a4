import { afterEach, describe, expect, it } from 'vitest';
import { loginRequestSchema } from '#common/schemas';
import es from '../../../../common/sentences/sentences.es.json';
import { checkWithSchema } from '../schema-field-errors';
import { activateLocale } from './i18n';
import { saySentenceIn } from './sentences';

describe('the shared schemas’ refusals in the interface’s language', () => {
  afterEach(() => activateLocale('en'));

  it('are said as the server says them once the language’s sentences are in, and in English before', async () => {
    const english = checkWithSchema(loginRequestSchema, { username: '', password: '' }).errors!;
    expect(english.username).toMatch(/^[A-Z]/);
    expect(saySentenceIn('ar', english.username!)).toBe(english.username);

    await activateLocale('es');
    const spanish = checkWithSchema(loginRequestSchema, { username: '', password: '' }).errors!;
    expect(spanish.username).toBe((es as Record<string, string>)[english.username!]);
    expect(spanish.password).toBe((es as Record<string, string>)[english.password!]);
    // A sentence no catalogue has stays as it is.
    expect(saySentenceIn('es', 'A sentence nobody wrote.')).toBe('A sentence nobody wrote.');
  });
});

// The reader's language in the server's answers (docs/decisions/062-interface-languages.md): refusals follow
// Accept-Language, the reset mail is written in the language it was asked from, and a signed-in user keeps their
// choice of language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { readServerCatalogue } from '../../lib/i18n/server-messages';
import { readOutbox } from '../../mail/test-support/outbox';
import { call, newAccount, sessionCookieOf } from './test-support/auth-helpers';

describe('answers in the reader’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const es = readServerCatalogue('es');
  const ar = readServerCatalogue('ar');
  const missingStory = '/api/stories/00000000-0000-4000-8000-000000000000';

  it('answers a refusal in Spanish or Arabic when Accept-Language asks, naming the language', async () => {
    const spanish = await call(t.app, 'GET', missingStory, undefined, {
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
    });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toEqual({ message: es['Story not found'] });
    expect(spanish.headers['content-language']).toBe('es');
    expect(String(spanish.headers.vary)).toMatch(/accept-language/i);

    const arabic = await call(
      t.app,
      'POST',
      '/api/user/register',
      { ...newAccount('ar'), password: '123' },
      {
        headers: { 'accept-language': 'ar' },
      },
    );
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json()).toEqual({ message: ar['Password must be at least 6 characters'] });
  });

  it('fills a template’s values into the translated sentence', async () => {
    const reg = await call(t.app, 'POST', '/api/user/register', newAccount('tpl'));
    const cookie = sessionCookieOf(reg)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: { cookie, 'accept-language': 'es', 'content-type': 'application/json' },
      payload: { title: 'A walk', storyIds: [] },
    });
    expect(res.statusCode).toBe(400);
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { title: 'A walk', storyIds: [] },
    });
    const [min, max] = (english.json().message as string).match(/\d+/g)!;
    expect(res.json().message).toBe(
      es['A tour needs from {0} to {1} stops.']!.replace('{0}', min).replace('{1}', max!),
    );
  });

  it('answers in English for English, for languages it does not speak and without the header', async () => {
    for (const header of ['en-GB', 'de-DE, fr;q=0.8', undefined]) {
      const res = await call(t.app, 'GET', missingStory, undefined, {
        headers: header ? { 'accept-language': header } : {},
      });
      expect(res.json()).toEqual({ message: 'Story not found' });
      expect(res.headers['content-language']).toBe('en');
    }
  });

  it('keeps a signed-in user’s language choice; refuses a bad tag and a visitor', async () => {
    const reg = await call(t.app, 'POST', '/api/user/register', newAccount('lang'));
    const cookie = sessionCookieOf(reg)!;
    const saved = await call(t.app, 'PUT', '/api/user/language', { language: 'ar' }, { cookie });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: reg.json().id, language: 'ar', username: reg.json().username });
    expect((await call(t.app, 'GET', '/api/user/current', undefined, { cookie })).json().language).toBe('ar');

    const bad = await call(t.app, 'PUT', '/api/user/language', { language: 'not a language' }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Please choose a valid language.' });
    expect((await call(t.app, 'PUT', '/api/user/language', { language: 'es' })).statusCode).toBe(401);
  });

  it('writes the reset mail in the language of the interface it was asked from', async () => {
    const account = newAccount('mail');
    expect((await call(t.app, 'POST', '/api/user/register', account)).statusCode).toBe(201);
    const asked = await call(
      t.app,
      'POST',
      '/api/user/forgot-password',
      { username: account.username },
      { headers: { 'accept-language': 'es-ES,es;q=0.9' } },
    );
    expect(asked.statusCode).toBe(200);
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(account.email)).at(-1)!;
    const codeLine = es['Reset code: {0}']!.replace('{0}', '');
    expect(mail.body).toContain(es['Hello {0},']!.replace('{0}', account.displayName));
    expect(mail.body).toContain(
      es['Someone asked to reset the password of the Whispers account @{0}.']!.replace('{0}', account.username),
    );
    expect(mail.body).toMatch(new RegExp(`^${codeLine}[A-Z2-9]{10}$`, 'm'));
    expect(mail.body).toContain(es['The code works once and expires in {0} minutes.']!.replace('{0}', '15'));
    expect(mail.body).not.toMatch(/Reset code:/);
  });
});

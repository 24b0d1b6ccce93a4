/**
 * Small trusts (docs/security.md, "Hardening, third round") through the real app: the same-origin check compares the scheme as well as the
 * host; display names with bidi overrides, zero-width or control characters are refused at registration and
 * setup, and a name stored before the rule reaches other people without them.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { users } from '../db/schema';
import { insertStory } from '../modules/stories/test-support/story-fixtures';
import { useTestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';

const account = (suffix: string, displayName = 'Ada Lovelace') => ({
  username: `trust_${suffix}`,
  displayName,
  email: `trust_${suffix}@example.test`,
  password: 'secret123',
});

describe('small trusts', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'POST', url, payload, headers });

  it('an Origin on the right host but another scheme or port is another site (403)', async () => {
    for (const origin of ['https://localhost:5000', 'http://localhost:5001', 'https://localhost']) {
      const res = await post('/api/user/check-username', { username: 'someone' }, { origin, host: 'localhost:5000' });
      expect({ origin, status: res.statusCode, body: res.json() }).toEqual({
        origin,
        status: 403,
        body: { message: 'Cross-site request refused' },
      });
    }
    const same = await post(
      '/api/user/check-username',
      { username: 'someone' },
      { origin: 'http://localhost:5000', host: 'localhost:5000' },
    );
    expect(same.statusCode).toBe(200);
    // The default port written or not is the same origin.
    const defaultPort = await post(
      '/api/user/check-username',
      { username: 'someone' },
      { origin: 'http://localhost', host: 'localhost:80' },
    );
    expect(defaultPort.statusCode).toBe(200);
  });

  it('registration and setup refuse display names with bidi overrides, zero-width and control characters', async () => {
    const message = 'Display name can only contain letters, numbers, spaces, punctuation and emoji';
    const names = ['Eve\u202Enimda', 'Ev\u200Be', 'Eve\u001b[2J', 'Eve\u0007', 'Eve\r\nAdmin'];
    for (const [i, name] of names.entries()) {
      const res = await post('/api/user/register', account(`r${i}`, name));
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 400, body: { message } });
    }
    const user = await createTestUser(t.current.database, { isSetupComplete: false });
    const setup = await post(
      '/api/user/setup',
      { username: user.username, displayName: 'Eve\u202Enimda' },
      { cookie: user.cookie },
    );
    expect(setup.json()).toEqual({ message });
    expect((await post('/api/user/register', account('ok', "Zoë 👩‍👩‍👧 O'Brien"))).statusCode).toBe(201);
  });

  it('a name stored before the rule is shown without its unsafe characters: story author, like notification', async () => {
    const { app, database } = t.current;
    const author = await createTestUser(database);
    const liker = await createTestUser(database);
    await database.db.update(users).set({ displayName: 'Eve\u202Enimda\u0007' }).where(eq(users.id, liker.id));
    const story = await insertStory(database, { authorId: author.id, ...DEFAULT_CENTER, title: 'A tale' });
    await database.db.update(users).set({ displayName: 'Ada\u200B\u001b[31m' }).where(eq(users.id, author.id));
    const read = await app.inject({ method: 'GET', url: `/api/stories/${story.id}` });
    expect(read.json<{ author: { displayName: string } }>().author.displayName).toBe('Ada[31m');
    // The liker has unlocked the story (likes need it), then likes it.
    const at = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;
    await app.inject({ method: 'GET', url: `/api/stories/${story.id}?${at}`, headers: { cookie: liker.cookie } });
    expect((await post(`/api/stories/${story.id}/like`, {}, { cookie: liker.cookie })).statusCode).toBe(200);
    const notifications = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: author.cookie },
    });
    expect(notifications.body).toContain('Evenimda liked your story “A tale”');
    expect(notifications.body).not.toContain('\u202E');
    expect(notifications.body).not.toContain('\u0007');
  });
});

/**
 * docs/design.md, rule 13: deleting your account (DELETE /api/account, confirmed with the password) leaves nothing of it, and
 * GET /api/account/export hands you your data without a secret in it.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { accountExportSchema } from '#common/account-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { rowsReferencing } from '#tests/helpers/references';
import { notifications, stories, throttleEvents } from '../../db/schema';
import { jpegWithGps } from '../../media/test-support/test-media';
import { call, newAccount, sessionCookieOf } from '../auth/test-support/auth-helpers';
import { SESSION_COOKIE } from '../auth/session-store';
import { bucketStartsWith } from '../auth/throttle';
import { BUCKETS } from '../auth/throttle-buckets';
import { baseStoryFields, listFiles, postStory, type FilePart } from '../stories/test-support/story-helpers';

describe('your account and your data', () => {
  let t: TestApp;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    other = await createTestUser(t.database, { displayName: 'Neighbour' });
  });
  afterAll(async () => t.close());

  const mediaDir = () => path.join(t.dataDir, 'media');
  const at = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const storyOf = async (cookie: string, fields: Record<string, string> = {}, withImage = false) => {
    const files: Record<string, FilePart> = withImage
      ? { image: { data: await jpegWithGps(400, 300), filename: 'a.jpg' } }
      : {};
    const res = await postStory(t.app, cookie, baseStoryFields(fields), files);
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  /** Reads the story where it stands (unlocking it), then likes it. */
  const readAndLike = async (storyId: string, cookie: string) => {
    expect((await inject('GET', `/api/stories/${storyId}?${at}`, cookie)).json()).toMatchObject({ isLocked: false });
    expect((await inject('POST', `/api/stories/${storyId}/like`, cookie)).statusCode).toBe(200);
  };
  const likesOf = async (storyId: string) =>
    (await t.database.db.select().from(stories).where(eq(stories.id, storyId)))[0]!.likes;

  /** A registered user (a real password) with an image and a text story, a like and a report given, a like received. */
  async function busyAccount() {
    const account = newAccount('del');
    const registered = await call(t.app, 'POST', '/api/user/register', account);
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookieOf(registered)!;
    const id = registered.json<{ id: string }>().id;
    const imageStory = await storyOf(cookie, { type: 'image', title: 'My picture' }, true);
    const textStory = await storyOf(cookie, { title: 'My words' });
    const othersStory = await storyOf(other.cookie, { title: 'Their words' });
    await readAndLike(othersStory, cookie);
    expect((await inject('POST', `/api/stories/${othersStory}/report`, cookie, { reason: 'spam' })).statusCode).toBe(
      201,
    );
    await readAndLike(textStory, other.cookie);
    await inject('GET', `/api/stories/discoverable/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}`, cookie);
    // A reset code and a failed sign-in counted against the username.
    expect((await call(t.app, 'POST', '/api/user/forgot-password', { username: account.username })).statusCode).toBe(
      200,
    );
    expect(
      (await call(t.app, 'POST', '/api/user/login', { username: account.username, password: 'wrong-one' })).statusCode,
    ).toBe(401);
    return { account, cookie, id, imageStory, textStory, othersStory };
  }

  describe('DELETE /api/account', () => {
    it('a wrong password: 403 and nothing changes', async () => {
      const user = await busyAccount();
      const before = await rowsReferencing(t.database, ['user_id', 'author_id', 'id'], user.id);
      const likesBefore = await likesOf(user.othersStory);
      const files = listFiles(mediaDir());

      const res = await inject('DELETE', '/api/account', user.cookie, { password: 'not-my-password' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'That password is not right. Your account was not deleted.' });
      expect(await rowsReferencing(t.database, ['user_id', 'author_id', 'id'], user.id)).toEqual(before);
      expect(await likesOf(user.othersStory)).toBe(likesBefore);
      expect(listFiles(mediaDir())).toEqual(files);
      expect((await inject('GET', '/api/user/current', user.cookie)).statusCode).toBe(200);
    });

    it('needs a password (400) and a session (401)', async () => {
      const user = await createTestUser(t.database);
      const noPassword = await inject('DELETE', '/api/account', user.cookie, {});
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json()).toEqual({ message: 'Password is required' });
      const noBody = await inject('DELETE', '/api/account', user.cookie);
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json()).toEqual({ message: 'Password is required' });
      const signedOut = await inject('DELETE', '/api/account', undefined, { password: 'secret123' });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: 'Please sign in to continue.' });
    });

    it('removes the user and everything of theirs; others’ like counts go down; the name can register again', async () => {
      const user = await busyAccount();
      const before = await rowsReferencing(t.database, ['user_id', 'author_id'], user.id);
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining([
          'sessions.user_id',
          'password_resets.user_id',
          'stories.author_id',
          'likes.user_id',
          'reports.user_id',
          'notifications.user_id',
          'unlocks.user_id',
        ]),
      );
      expect(listFiles(mediaDir()).filter((f) => f.includes(user.imageStory)).length).toBeGreaterThan(0);
      const likesBefore = await likesOf(user.othersStory);
      const likedNotice = await t.database.db.select().from(notifications).where(eq(notifications.userId, other.id));
      expect(likedNotice.map((n) => n.message)).toContain(`${user.account.displayName} liked your story “Their words”`);

      const res = await inject('DELETE', '/api/account', user.cookie, { password: user.account.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your account and everything in it have been deleted.' });
      // The session cookie is cleared, and the old one no longer signs anyone in.
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
      expect((await inject('GET', '/api/user/current', user.cookie)).statusCode).toBe(401);

      expect(await rowsReferencing(t.database, ['user_id', 'author_id', 'id'], user.id)).toEqual({});
      for (const storyId of [user.imageStory, user.textStory]) {
        expect(await rowsReferencing(t.database, ['story_id', 'id'], storyId)).toEqual({});
        expect(listFiles(mediaDir()).filter((f) => f.includes(storyId))).toEqual([]);
      }
      const throttled = await t.database.db
        .select()
        .from(throttleEvents)
        .where(bucketStartsWith(BUCKETS.loginPair(user.account.username, '')));
      expect(throttled).toEqual([]);
      expect(await likesOf(user.othersStory)).toBe(likesBefore - 1);
      // The other author's "… liked your story" naming the deleted user is gone; their own notifications stay.
      const othersNotifications = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, other.id));
      expect(othersNotifications.filter((n) => n.message.includes(user.account.displayName))).toEqual([]);
      // The other user's story and like stay.
      expect(Object.keys(await rowsReferencing(t.database, ['user_id', 'author_id'], other.id))).toEqual(
        expect.arrayContaining(['stories.author_id', 'sessions.user_id']),
      );

      const again = await call(t.app, 'POST', '/api/user/register', user.account);
      expect(again.statusCode).toBe(201);
      expect(again.json<{ username: string }>().username).toBe(user.account.username);
    });
  });

  describe('GET /api/account/export', () => {
    const noSecrets = (res: LightMyRequestResponse, cookie: string) => {
      expect(res.body).not.toMatch(/argon2|passwordHash|password_hash|tokenHash|token_hash/i);
      expect(res.body).not.toContain(cookie.split('=')[1]);
    };

    it('is one JSON file with the profile, the stories (media links valid for a day) and the likes given', async () => {
      const user = await busyAccount();
      const res = await inject('GET', '/api/account/export', user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="whispers-data-${user.account.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
      );
      expect(res.headers['cache-control']).toBe('no-store');
      noSecrets(res, user.cookie);

      const data = accountExportSchema.parse(res.json());
      expect(data.profile).toMatchObject({ id: user.id, username: user.account.username, email: user.account.email });
      expect(data.stories.map((s) => s.title).sort()).toEqual(['My picture', 'My words']);
      expect(data.stories.find((s) => s.title === 'My words')).toMatchObject({
        likes: 1,
        content: expect.stringContaining('lamps'),
      });
      expect(data.likesGiven).toEqual([
        { storyId: user.othersStory, title: 'Their words', likedAt: expect.any(String) },
      ]);

      const picture = data.stories.find((s) => s.title === 'My picture')!;
      expect(picture.media.imageUrl).toMatch(/^\/api\/media\/stories\/.+\?exp=\d+&sig=/);
      const exp = Number(new URL(picture.media.imageUrl!, 'http://x').searchParams.get('exp'));
      const day = 24 * 60 * 60;
      expect(exp - Date.now() / 1000).toBeGreaterThan(day - 120);
      expect(exp - Date.now() / 1000).toBeLessThanOrEqual(day + 60);
      const image = await inject('GET', picture.media.imageUrl!);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
    });

    it('needs a session', async () => {
      const res = await inject('GET', '/api/account/export');
      expect(res.statusCode).toBe(401);
    });
  });
});

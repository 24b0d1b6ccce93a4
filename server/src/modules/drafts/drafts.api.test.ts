/**
 * Story drafts (docs/decisions/060-story-drafts-and-routes-in.md): the author's alone on every read, published by
 * "Pin here" only within 200 m of the planned place and as an accepted position claim, capped per author, gone with
 * their file when published, deleted or with the account, and listed in the account export.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '#common/api/routes';
import { DEFAULT_CENTER } from '#common/constants';
import { DRAFT_MESSAGES, DRAFTS } from '#common/drafts';
import { offsetNorth, type Point } from '#common/geo';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { storyDrafts } from '../../db/schema';
import { call, newAccount, sessionCookieOf } from '../auth/test-support/auth-helpers';
import { baseStoryFields, multipartBody, type FilePart } from '../stories/test-support/story-helpers';

const HERE: Point = { latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude };
/** Far from HERE (about 30 km north). */
const FAR = offsetNorth(HERE, 30_000);
const SECRET_TITLE = 'PLANNED-SECRET-title';
const SECRET_CONTENT = 'PLANNED-SECRET-content under the bridge';

describe('story drafts', () => {
  let t: TestApp;
  let author: TestUser;
  let other: TestUser;

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });

  async function postDraft(
    user: TestUser,
    place: Point,
    overrides: Record<string, string> = {},
    files: Record<string, FilePart> = {},
  ) {
    const { payload, headers } = await multipartBody(
      baseStoryFields({
        title: SECRET_TITLE,
        content: SECRET_CONTENT,
        latitude: String(place.latitude),
        longitude: String(place.longitude),
        ...overrides,
      }),
      files,
    );
    return t.app.inject({ method: 'POST', url: '/api/drafts', payload, headers: { ...headers, cookie: user.cookie } });
  }

  const draftKeys = async () => {
    const keys: string[] = [];
    for await (const object of t.app.mediaStore.list('drafts/')) keys.push(object.key);
    return keys;
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Planner' });
    other = await createTestUser(t.database, { displayName: 'Nosy' });
  });
  afterAll(() => t.close());

  it('creates, lists, updates and deletes a draft (with its file)', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const created = await postDraft(author, FAR, { type: 'image', content: '' }, { image: { data: png } });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({ title: SECRET_TITLE, type: 'image', hasMedia: true, ...FAR });
    expect(await draftKeys()).toEqual([`drafts/${draft.id}/image`]);

    const list = await inject('GET', '/api/drafts', author);
    expect(list.json().drafts.map((d: { id: string }) => d.id)).toContain(draft.id);

    const moved = offsetNorth(FAR, 100);
    const edited = await inject('PATCH', `/api/drafts/${draft.id}`, author, {
      fields: { title: 'Renamed plan', latitude: String(moved.latitude), longitude: String(moved.longitude) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Renamed plan', latitude: moved.latitude });

    const badEdit = await inject('PATCH', `/api/drafts/${draft.id}`, author, { fields: { latitude: 'north' } });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().message).toBe('Latitude must be a number');

    const removed = await inject('DELETE', `/api/drafts/${draft.id}`, author);
    expect(removed.statusCode).toBe(204);
    expect(await draftKeys()).toEqual([]);
    expect((await inject('GET', '/api/drafts', author)).json().drafts).toEqual([]);
  });

  it('refuses a draft the creation schema refuses, and a media type without its file', async () => {
    const noTitle = await postDraft(author, FAR, { title: '' });
    expect(noTitle.statusCode).toBe(400);
    const noFile = await postDraft(author, FAR, { type: 'audio' });
    expect(noFile.statusCode).toBe(400);
    expect(await t.database.db.select().from(storyDrafts)).toEqual([]);
  });

  it('another user and a signed-out reader get nothing about a draft on any read', async () => {
    const res = await postDraft(author, HERE);
    const draftId: string = res.json().id;
    const needles = [draftId, SECRET_TITLE, SECRET_CONTENT];
    const values: Record<string, string> = {
      id: draftId,
      lat: String(HERE.latitude),
      lng: String(HERE.longitude),
      userId: author.id,
      '*': `drafts/${draftId}/image`,
    };
    const query = `lat=${HERE.latitude}&lng=${HERE.longitude}&minLat=${HERE.latitude - 0.05}&maxLat=${HERE.latitude + 0.05}&minLng=${HERE.longitude - 0.05}&maxLng=${HERE.longitude + 0.05}&q=PLANNED`;
    const skip = new Set(['notificationStream', 'metrics', 'logoutLink']);
    const urls = Object.entries(API_ROUTES)
      .filter(([name, route]) => route.method === 'GET' && !skip.has(name))
      .map(
        ([, route]) => `${route.path.replace(/:(\w+)|\*/g, (m, name: string) => values[name ?? '*'] ?? m)}?${query}`,
      );
    urls.push(`/stories/${draftId}`, `/embed/stories/${draftId}`, `/tours/${draftId}`);
    let checked = 0;
    for (const user of [other, undefined]) {
      for (const url of urls) {
        const answer = await inject('GET', url, user);
        for (const needle of needles)
          expect(answer.body, `${url} as ${user ? 'other' : 'signed out'}`).not.toContain(needle);
        checked++;
      }
      // Writes on it: as if it were not there.
      expect((await inject('PATCH', `/api/drafts/${draftId}`, user, { fields: { title: 'x' } })).statusCode).toBe(
        user ? 404 : 401,
      );
      expect((await inject('DELETE', `/api/drafts/${draftId}`, user)).statusCode).toBe(user ? 404 : 401);
      expect((await inject('POST', `/api/drafts/${draftId}/pin`, user, HERE)).statusCode).toBe(user ? 404 : 401);
    }
    expect(checked).toBeGreaterThan(60);
    // The author's own list and export do name it.
    expect((await inject('GET', '/api/drafts', author)).body).toContain(SECRET_TITLE);
    const exported = await inject('GET', '/api/account/export', author);
    expect(exported.json().drafts.map((d: { id: string }) => d.id)).toContain(draftId);
    expect((await inject('DELETE', `/api/drafts/${draftId}`, author)).statusCode).toBe(204);
  });

  it('"Pin here" is refused from afar and by the claim rules, and publishes in reach', async () => {
    const pinner = await createTestUser(t.database, { displayName: 'Pinner' });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#224488' } })
      .png()
      .toBuffer();
    const res = await postDraft(pinner, HERE, { type: 'image', content: '' }, { image: { data: png } });
    const draftId: string = res.json().id;

    const fromAfar = await inject('POST', `/api/drafts/${draftId}/pin`, pinner, offsetNorth(HERE, 250));
    expect(fromAfar.statusCode).toBe(400);
    expect(fromAfar.json().message).toBe(DRAFT_MESSAGES.tooFar);

    const inReach = offsetNorth(HERE, 150);
    const pinned = await inject('POST', `/api/drafts/${draftId}/pin`, pinner, inReach);
    expect(pinned.statusCode, pinned.body).toBe(201);
    const story = pinned.json();
    expect(story).toMatchObject({ title: SECRET_TITLE, type: 'image', authorId: pinner.id });
    expect(story.latitude).toBeCloseTo(inReach.latitude, 6);
    expect((await inject('GET', `/api/stories/${story.id}`, pinner)).statusCode).toBe(200);
    expect((await inject('GET', '/api/drafts', pinner)).json().drafts).toEqual([]);
    expect(await draftKeys()).toEqual([]);
    let storyFiles = 0;
    for await (const _ of t.app.mediaStore.list(`stories/${story.id}/`)) storyFiles++;
    expect(storyFiles).toBeGreaterThan(0);

    // A claim the travel rule refuses: the author was just accepted HERE, a draft 30 km away cannot be pinned now.
    const farDraft = (await postDraft(pinner, FAR)).json();
    const jump = await inject('POST', `/api/drafts/${farDraft.id}/pin`, pinner, FAR);
    expect(jump.statusCode).toBe(400);
    expect(jump.json().message).toMatch(/faster than anyone can travel|at most 200 m from where you are/);
    expect((await inject('GET', '/api/drafts', pinner)).json().drafts).toHaveLength(1);
  });

  it('refuses a draft over the cap with a clear 4xx', async () => {
    const busy = await createTestUser(t.database, { displayName: 'Busy' });
    await t.database.db.insert(storyDrafts).values(
      Array.from({ length: DRAFTS.maxPerAuthor }, () => ({
        authorId: busy.id,
        latitude: FAR.latitude,
        longitude: FAR.longitude,
        fields: baseStoryFields(),
      })),
    );
    const refused = await postDraft(busy, FAR);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DRAFT_MESSAGES.tooMany);
  });

  it('deleting the account deletes its drafts and their files', async () => {
    const account = newAccount('leaver');
    const registered = await call(t.app, 'POST', '/api/user/register', account);
    expect(registered.statusCode).toBe(201);
    const leaver = { ...registered.json<TestUser>(), cookie: sessionCookieOf(registered)! };
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#448822' } })
      .png()
      .toBuffer();
    const res = await postDraft(leaver, FAR, { type: 'image', content: '' }, { image: { data: png } });
    expect(res.statusCode).toBe(201);
    expect(await draftKeys()).toHaveLength(1);
    const gone = await inject('DELETE', '/api/account', leaver, { password: account.password });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await draftKeys()).toEqual([]);
    expect(await t.database.db.select().from(storyDrafts).where(eq(storyDrafts.authorId, leaver.id))).toEqual([]);
  });
});

/**
 * docs/decisions/016-walk-mode-and-tours.md: walking tours through the real app — the author's rules (own public stories, 2-20 stops, order,
 * the 10 km leg rule, 20 a day), ownership of edit/delete, paging near a point, per-reader progress from the
 * unlock record (a tour never unlocks anything), drop-out of stories deleted/hidden/made private, account
 * deletion and the data export.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetEast, offsetNorth, type Point } from '#common/geo';
import { accountExportSchema } from '#common/account-schemas';
import { tourSchema, tourSummarySchema } from '#common/tour-schemas';
import { TOUR_MESSAGES, TOURS, tourProgressText } from '#common/tours';
import type { Tour } from '#common/tour-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { moderationDecisions, stories, tours } from '../../db/schema';
import { SIGN_IN_REQUIRED } from '../../plugins/access';
import { insertStory } from '../stories/test-support/story-fixtures';

const centre: Point = { latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude };

describe('walking tours', () => {
  let t: TestApp;
  let author: TestUser;
  let other: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Tour Author' });
    other = await createTestUser(t.database, { displayName: 'Other Author' });
    reader = await createTestUser(t.database, { displayName: 'Walker' });
  });
  afterAll(async () => t.close());

  /** `count` public stories of the author, 300 m apart going north from `from`. */
  const storiesAlong = async (
    count: number,
    from = centre,
    owner = author,
    fields: Partial<typeof stories.$inferInsert> = {},
  ) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const at = offsetNorth(from, i * 300);
      ids.push((await insertStory(t.database, { authorId: owner.id, ...at, title: `Stop ${i + 1}`, ...fields })).id);
    }
    return ids;
  };
  const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const create = (body: object, user: TestUser | null = author) => send('POST', '/api/tours', user, body);
  const newTour = async (storyIds: string[], title = 'Harbour walk') => {
    const res = await create({ title, description: 'Along the river', storyIds });
    expect(res.statusCode, res.body).toBe(201);
    return tourSchema.parse(res.json());
  };
  const getTour = async (id: string, user: TestUser | null) => send('GET', `/api/tours/${id}`, user);

  describe('creating', () => {
    it('stores the stops in the author’s order, with the length as the sum of the legs and the time at 4.5 km/h', async () => {
      const [a, b, c] = await storiesAlong(3);
      const tour = await newTour([c!, a!, b!]);
      expect(tour.stops.map((s) => s.storyId)).toEqual([c, a, b]);
      expect(tour.stops.map((s) => s.position)).toEqual([1, 2, 3]);
      // c→a is 600 m, a→b 300 m.
      expect(tour.lengthM).toBeGreaterThanOrEqual(899);
      expect(tour.lengthM).toBeLessThanOrEqual(901);
      expect(tour.walkingMinutes).toBe(Math.round((0.9 / 4.5) * 60));
      // The author's own stories count as found for the author.
      expect(tour).toMatchObject({
        title: 'Harbour walk',
        description: 'Along the river',
        stopCount: 3,
        foundCount: 3,
        complete: true,
      });
      expect(tour.stops.every((s) => s.unlocked)).toBe(true);
    });

    it('needs a session', async () => {
      const res = await create({ title: 'Nope', storyIds: [] }, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGN_IN_REQUIRED });
    });

    it.each([
      ['a title under 3 characters', { title: 'ab' }, TOUR_MESSAGES.titleMin],
      ['a title over 80 characters', { title: 'x'.repeat(81) }, TOUR_MESSAGES.titleMax],
      ['a description over 500 characters', { description: 'x'.repeat(501) }, TOUR_MESSAGES.descriptionMax],
    ])('refuses %s', async (_name, change, message) => {
      const ids = await storiesAlong(2);
      const res = await create({ title: 'Fine title', storyIds: ids, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it('refuses fewer than 2 and more than 20 stops, and a story twice', async () => {
      const ids = await storiesAlong(21);
      for (const storyIds of [ids.slice(0, 1), ids]) {
        const res = await create({ title: 'Count', storyIds });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: TOUR_MESSAGES.stopsCount });
      }
      expect((await create({ title: 'Twenty', storyIds: ids.slice(0, 20) })).statusCode).toBe(201);
      const twice = await create({ title: 'Twice', storyIds: [ids[0], ids[1], ids[0]] });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({ message: TOUR_MESSAGES.stopsRepeated });
    });

    it('refuses another author’s public story with 403, and another author’s private story as unknown (400)', async () => {
      const [mine] = await storiesAlong(1);
      const [theirs] = await storiesAlong(1, offsetEast(centre, 100), other);
      const res = await create({ title: 'Borrowed', storyIds: [mine, theirs] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: TOUR_MESSAGES.notYourStory });
      const [theirsPrivate] = await storiesAlong(1, offsetEast(centre, 100), other, { isPublic: false });
      const hidden = await create({ title: 'Borrowed', storyIds: [mine, theirsPrivate] });
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json()).toEqual({ message: TOUR_MESSAGES.storyNotFound });
    });

    it('refuses the author’s own private or hidden story with 400', async () => {
      const [mine] = await storiesAlong(1);
      const [privateOne] = await storiesAlong(1, offsetEast(centre, 50), author, { isPublic: false });
      const [hiddenOne] = await storiesAlong(1, offsetEast(centre, 80), author, { hiddenAt: new Date() });
      for (const id of [privateOne, hiddenOne]) {
        const res = await create({ title: 'Secret walk', storyIds: [mine, id] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: TOUR_MESSAGES.privateStory });
      }
    });

    it('refuses consecutive stops more than 10 km apart, naming them, and accepts a leg just under', async () => {
      const a = (await insertStory(t.database, { authorId: author.id, ...centre })).id;
      const near = (await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 9_900) })).id;
      const far = (await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 19_000) })).id;
      const res = await create({ title: 'Long legs', storyIds: [a, far, near] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: TOUR_MESSAGES.legTooLong(1, 2, '19.0') });
      // The same three in an order whose legs are each within 10 km.
      expect((await create({ title: 'Short legs', storyIds: [a, near, far] })).statusCode).toBe(201);
    });

    it('refuses ids that are not uuids, and a body that is not an object', async () => {
      const res = await create({ title: 'Bad ids', storyIds: ['x', 'y'] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: TOUR_MESSAGES.stopsNotIds });
      const notObject = await t.app.inject({
        method: 'POST',
        url: '/api/tours',
        headers: { cookie: author.cookie, 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      expect(notObject.statusCode).toBe(400);
    });

    it(`limits an author to ${TOURS.createPerDay} new tours a day (429 with the reason)`, async () => {
      const busy = await createTestUser(t.database);
      const ids = await storiesAlong(2, offsetEast(centre, 3_000), busy);
      for (let i = 0; i < TOURS.createPerDay; i++) {
        expect((await create({ title: `Tour ${i}`, storyIds: ids }, busy)).statusCode).toBe(201);
      }
      const res = await create({ title: 'One more', storyIds: ids }, busy);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: TOUR_MESSAGES.tooMany });
      expect(res.headers['retry-after']).toBeDefined();
    });
  });

  describe('ownership', () => {
    it('only the author edits (reorders) or deletes; others get 403, visitors 401, unknown ids 404', async () => {
      const ids = await storiesAlong(3);
      const tour = await newTour(ids);
      const reversed = [...ids].reverse();
      for (const [user, status] of [
        [other, 403],
        [null, 401],
      ] as const) {
        expect((await send('PATCH', `/api/tours/${tour.id}`, user, { title: 'Mine now' })).statusCode).toBe(status);
        expect((await send('DELETE', `/api/tours/${tour.id}`, user)).statusCode).toBe(status);
      }
      const forbidden = await send('PATCH', `/api/tours/${tour.id}`, other, { title: 'Mine now' });
      expect(forbidden.json()).toEqual({ message: TOUR_MESSAGES.notTheAuthor });

      const edited = await send('PATCH', `/api/tours/${tour.id}`, author, {
        title: 'Reversed walk',
        storyIds: reversed,
      });
      expect(edited.statusCode).toBe(200);
      expect(tourSchema.parse(edited.json()).stops.map((s) => s.storyId)).toEqual(reversed);
      expect((await getTour(tour.id, reader)).json()).toMatchObject({ title: 'Reversed walk' });

      const nothing = await send('PATCH', `/api/tours/${tour.id}`, author, {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json()).toEqual({ message: TOUR_MESSAGES.nothingToChange });

      expect((await send('DELETE', `/api/tours/${tour.id}`, author)).statusCode).toBe(204);
      expect((await getTour(tour.id, author)).statusCode).toBe(404);
      expect((await getTour('not-a-uuid', author)).json()).toEqual({ message: TOUR_MESSAGES.notFound });
      // The stories stay.
      const left = await t.database.db.select().from(stories).where(eq(stories.id, ids[0]!));
      expect(left).toHaveLength(1);
    });

    it('an edit with other people’s stories is refused like a create, and changes nothing', async () => {
      const ids = await storiesAlong(2);
      const tour = await newTour(ids);
      const [theirs] = await storiesAlong(1, offsetEast(centre, 100), other);
      const res = await send('PATCH', `/api/tours/${tour.id}`, author, { storyIds: [ids[0], theirs] });
      expect(res.statusCode).toBe(403);
      expect(tourSchema.parse((await getTour(tour.id, author)).json()).stops.map((s) => s.storyId)).toEqual(ids);
    });
  });

  describe('reading', () => {
    it('progress comes from the reader’s unlocks, never from the tour: "1 of 3 found", then complete', async () => {
      const ids = await storiesAlong(3, offsetEast(centre, 20_000));
      const tour = await newTour(ids, 'Progress walk');
      const fresh = tourSchema.parse((await getTour(tour.id, reader)).json());
      expect(fresh.stops.map((s) => s.unlocked)).toEqual([false, false, false]);
      expect(tourProgressText(fresh.foundCount, fresh.stopCount)).toBe('0 of 3 found');
      // The tour page gave nothing away: the reader still cannot read the story away from it.
      const away = await send('GET', `/api/stories/${ids[0]}`, reader);
      expect(away.json()).toMatchObject({ isLocked: true });
      expect(away.json().content).toBeUndefined();

      // Standing at stop 1 unlocks it through the usual story read.
      const stop1 = offsetNorth(offsetEast(centre, 20_000), 0);
      const read = await send(
        'GET',
        `/api/stories/${ids[0]}?lat=${stop1.latitude}&lng=${stop1.longitude}&accuracy=10`,
        reader,
      );
      expect(read.json()).toMatchObject({ isLocked: false });
      const afterRes = await getTour(tour.id, reader);
      const after = tourSchema.parse(afterRes.json());
      expect(after.stops.map((s) => s.unlocked)).toEqual([true, false, false]);
      expect(tourProgressText(after.foundCount, after.stopCount)).toBe('1 of 3 found');
      expect(after.complete).toBe(false);
      // Stop content never comes with a tour.
      // Looked for in the raw answer, before any schema could strip a field the server sent.
      expect(afterRes.body).not.toContain('Hidden words');

      for (const [i, id] of ids.slice(1).entries()) {
        const at = offsetNorth(offsetEast(centre, 20_000), (i + 1) * 300);
        await send('GET', `/api/stories/${id}?lat=${at.latitude}&lng=${at.longitude}&accuracy=10`, reader);
      }
      const done = tourSchema.parse((await getTour(tour.id, reader)).json());
      expect(done).toMatchObject({ foundCount: 3, complete: true });
      // A visitor sees the tour, nothing found.
      expect(tourSchema.parse((await getTour(tour.id, null)).json()).foundCount).toBe(0);
    });

    it('lists tours with a stop within 5 km, newest first, paged through the Link header', async () => {
      const place = offsetEast(centre, 40_000);
      const made: Tour[] = [];
      for (let i = 0; i < 3; i++)
        made.push(await newTour(await storiesAlong(2, offsetNorth(place, i * 1000)), `Paged ${i}`));
      // One just outside 5 km of the point.
      await newTour(await storiesAlong(2, offsetNorth(place, 5_400)), 'Too far');
      const first = await send('GET', `/api/tours/near/${place.latitude}/${place.longitude}?limit=2`, null);
      expect(first.statusCode).toBe(200);
      const page1 = first.json<unknown[]>().map((x) => tourSummarySchema.parse(x));
      expect(page1.map((x) => x.title)).toEqual(['Paged 2', 'Paged 1']);
      expect(page1[1]!.distance).toBeGreaterThan(900);
      const link = first.headers.link as string;
      expect(link).toMatch(/rel="next"/);
      const next = link.slice(1, link.indexOf('>'));
      const second = await send('GET', next, null);
      expect(second.json<{ title: string }[]>().map((x) => x.title)).toEqual(['Paged 0']);
      expect(second.headers.link).toBeUndefined();
      const bad = await send('GET', `/api/tours/near/${place.latitude}/${place.longitude}?cursor=forged`, null);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: TOUR_MESSAGES.badCursor });
      const badLimit = await send('GET', `/api/tours/near/${place.latitude}/${place.longitude}?limit=0`, null);
      expect(badLimit.statusCode).toBe(400);
      expect((await send('GET', '/api/tours/near/95/0', null)).statusCode).toBe(400);
      expect(made).toHaveLength(3);
    });
  });

  describe('stories dropping out', () => {
    const place = offsetEast(centre, 60_000);
    const near = `/api/tours/near/${place.latitude}/${place.longitude}`;

    it('a story deleted, hidden or made private drops out; under 2 stops only the author sees the tour, and is told', async () => {
      const ids = await storiesAlong(4, place);
      const tour = await newTour(ids, 'Dwindling walk');
      const titlesNear = async (user: TestUser | null) =>
        (await send('GET', near, user)).json<{ title: string }[]>().map((x) => x.title);

      // Made private through the edit call (docs/decisions/016-walk-mode-and-tours.md: authors may switch visibility).
      const madePrivate = await send('PATCH', `/api/stories/${ids[1]}`, author, { isPublic: false });
      expect(madePrivate.statusCode).toBe(200);
      expect(madePrivate.json()).toMatchObject({ isPublic: false });
      const seenRes = await getTour(tour.id, reader);
      let seen = tourSchema.parse(seenRes.json());
      expect(seen.stops.map((s) => s.storyId)).toEqual([ids[0], ids[2], ids[3]]);
      expect(seen.stops.map((s) => s.position)).toEqual([1, 2, 3]);
      expect(seenRes.body).not.toContain(ids[1]);
      const forAuthor = tourSchema.parse((await getTour(tour.id, author)).json());
      // Which stop left and why (docs/decisions/051-walker-stumbles-fourth-round.md).
      expect(forAuthor.notice).toBe('“Stop 2” left this tour: you made it private.');
      expect(forAuthor.stops).toHaveLength(3);

      // Hidden by a moderator's decision: the author's page names the stop and the reason; readers see none of it.
      const [decision] = await t.database.db
        .insert(moderationDecisions)
        .values({
          subjectUserId: author.id,
          storyId: ids[2]!,
          moderatorId: other.id,
          action: 'hide',
          reason: 'personal_info',
        })
        .returning();
      await t.database.db
        .update(stories)
        .set({ hiddenAt: new Date(), hiddenDecisionId: decision!.id })
        .where(eq(stories.id, ids[2]!));
      const hiddenRes = await getTour(tour.id, reader);
      seen = tourSchema.parse(hiddenRes.json());
      expect(seen.stops.map((s) => s.storyId)).toEqual([ids[0], ids[3]]);
      expect(hiddenRes.body).not.toContain(ids[2]);
      expect(hiddenRes.body).not.toContain('Stop 3');
      expect(seen.notice).toBeNull();
      expect(seen.lengthM).toBeGreaterThan(850);
      expect(tourSchema.parse((await getTour(tour.id, author)).json()).notice).toBe(
        '“Stop 2” left this tour: you made it private. “Stop 3” left this tour: Hidden by a moderator: Personal information.',
      );

      // Deleted: one stop left — nobody but the author sees the tour.
      expect((await send('DELETE', `/api/stories/${ids[3]}`, author)).statusCode).toBe(204);
      expect((await getTour(tour.id, reader)).statusCode).toBe(404);
      expect((await getTour(tour.id, null)).statusCode).toBe(404);
      expect(await titlesNear(reader)).not.toContain('Dwindling walk');
      expect(await titlesNear(author)).toContain('Dwindling walk');
      const alone = tourSchema.parse((await getTour(tour.id, author)).json());
      expect(alone).toMatchObject({ hiddenFromReaders: true, stopCount: 1 });
      expect(alone.notice).toBe(
        `${TOUR_MESSAGES.hiddenForAuthor} “Stop 2” left this tour: you made it private. “Stop 3” left this tour: Hidden by a moderator: Personal information.`,
      );
      const mine = await send('GET', '/api/tours/mine', author);
      expect(mine.json<{ id: string }[]>().map((x) => x.id)).toContain(tour.id);
      // Others cannot edit it either: to them it does not exist.
      expect((await send('PATCH', `/api/tours/${tour.id}`, other, { title: 'Found it' })).statusCode).toBe(404);

      // Made public again: it comes back.
      await send('PATCH', `/api/stories/${ids[1]}`, author, { isPublic: true });
      expect((await getTour(tour.id, reader)).statusCode).toBe(200);
    });

    it('the story edit call takes isPublic only as a boolean', async () => {
      const [id] = await storiesAlong(1);
      const res = await send('PATCH', `/api/stories/${id}`, author, { isPublic: 'no' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'isPublic must be true or false' });
    });
  });

  describe('your data', () => {
    it('the export includes the author’s tours; deleting the account removes them', async () => {
      const leaving = await createTestUser(t.database);
      const ids = await storiesAlong(2, offsetEast(centre, 80_000), leaving);
      const res = await create({ title: 'Farewell walk', storyIds: ids }, leaving);
      const tourId = res.json().id as string;
      const exported = accountExportSchema.parse((await send('GET', '/api/account/export', leaving)).json());
      expect(exported.tours).toEqual([expect.objectContaining({ id: tourId, title: 'Farewell walk', storyIds: ids })]);

      // Account deletion checks the password; the cascade from users is what removes the tours.
      await t.database.query(sql`DELETE FROM users WHERE id = ${leaving.id}::uuid`);
      expect(await t.database.db.select().from(tours).where(eq(tours.id, tourId))).toEqual([]);
    });
  });
});

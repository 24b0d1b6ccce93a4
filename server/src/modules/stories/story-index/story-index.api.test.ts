/**
 * The in-memory story index answers the nearby reads exactly as the SQL does: after random writes of every kind
 * (creations, edits, likes, hiding, privacy, deletions, renames, a bulk load), the same reads through both
 * paths give the same rows in the same order, and never a hidden or private story to anyone but its author.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERABLE_RESULT_CAP, DISCOVERY_RADIUS_M, MAP_RADIUS_M, MAP_RESULT_CAP } from '#common/constants';
import { offsetEast, offsetNorth } from '#common/geo';
import { likes, stories, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { createStoryRepository, type StoryRecord } from '../story-repository';
import { insertStory } from '../test-support/story-fixtures';
import { baseStoryFields, postStory } from '../test-support/story-helpers';
import { createStoryIndex } from './story-index';

const CENTRE = { latitude: 45.07, longitude: 7.68 };
/** Stories' languages (docs/decisions/061-stories-carry-their-language.md): the index carries them like the SQL. */
const LANGUAGES = ['en', 'es', 'it', 'zh-Hant'];

/** Deterministic PRNG (mulberry32): a failure replays. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a reader's answer is made of, field by field (createdAt to the millisecond, as the view uses it). */
const comparable = (r: StoryRecord) => ({ ...r, createdAt: r.createdAt.getTime() });

describe('the story index against the SQL', () => {
  let t: TestApp;
  let authors: TestUser[];
  const random = prng(17);
  const spot = () => offsetEast(offsetNorth(CENTRE, (random() - 0.5) * 4_000), (random() - 0.5) * 4_000);
  // A few places hold stacks: stories at the very same point (ties in distance) and at the same instant.
  const stackSpots = [spot(), spot(), spot()];
  const sameInstant = new Date(Date.now() - 3_600_000);

  beforeAll(async () => {
    t = await createTestApp({ STORY_INDEX: 'on' });
    authors = [await createTestUser(t.database), await createTestUser(t.database), await createTestUser(t.database)];
  });
  afterAll(async () => t?.close());

  const author = () => authors[Math.floor(random() * authors.length)]!;

  async function insertRandom(count: number) {
    for (let i = 0; i < count; i++) {
      const stacked = random() < 0.3;
      const place = stacked ? stackSpots[Math.floor(random() * stackSpots.length)]! : spot();
      await insertStory(t.database, {
        authorId: author().id,
        ...place,
        title: `Story ${i} ${random().toString(36).slice(2, 6)}`,
        isPublic: random() > 0.15,
        likes: Math.floor(random() * 5),
        createdAt: random() < 0.2 ? sameInstant : new Date(Date.now() - Math.floor(random() * 86_400_000)),
        timeRestriction: random() < 0.1 ? 'time_of_day' : 'none',
        language: LANGUAGES[i % LANGUAGES.length],
        unlockStartTime: '09:00',
        unlockEndTime: '17:00',
      });
    }
  }

  async function randomWrites() {
    const ids = (await t.database.db.select({ id: stories.id }).from(stories)).map((r) => r.id);
    const pick = () => ids[Math.floor(random() * ids.length)]!;
    for (let i = 0; i < 25; i++) {
      const id = pick();
      const roll = random();
      if (roll < 0.2)
        await t.database.db
          .update(stories)
          .set({ likes: sql`${stories.likes} + 1` })
          .where(eq(stories.id, id));
      else if (roll < 0.35)
        await t.database.db
          .update(stories)
          .set({ hiddenAt: random() < 0.7 ? new Date() : null })
          .where(eq(stories.id, id));
      else if (roll < 0.5)
        await t.database.db
          .update(stories)
          .set({ isPublic: random() < 0.5 })
          .where(eq(stories.id, id));
      else if (roll < 0.55)
        await t.database.db
          .update(stories)
          .set({ title: `Edited ${i}`, description: 'Now with words', language: LANGUAGES[i % LANGUAGES.length] })
          .where(eq(stories.id, id));
      // The content of a story read before: the index's content cache must not answer with the old words.
      else if (roll < 0.6)
        await t.database.db
          .update(stories)
          .set({ content: `Rewritten ${i}` })
          .where(eq(stories.id, id));
      else if (roll < 0.7)
        await t.database.db
          .update(stories)
          .set({ ...spot() })
          .where(eq(stories.id, id)); // moved
      else if (roll < 0.8) await t.database.db.delete(stories).where(eq(stories.id, id));
      else if (roll < 0.85) await insertRandom(1);
      else if (roll < 0.9) {
        // A reader likes a story, or takes a like back (likedByMe).
        const liker = author().id;
        if (random() < 0.7)
          await t.database.db.insert(likes).values({ userId: liker, storyId: id }).onConflictDoNothing();
        else await t.database.db.delete(likes).where(eq(likes.userId, liker));
      } else
        await t.database.db
          .update(users)
          .set({ displayName: `Renamed ${i}` })
          .where(eq(users.id, author().id));
    }
  }

  async function expectSameAnswers(rounds: number) {
    const index = t.app.storyIndex!;
    expect(await index.settled()).toBe(true);
    const sqlOnly = createStoryRepository(t.database);
    const viewers = [null, ...authors.map((a) => a.id)];
    const hidden = new Set(
      (
        await t.database.db
          .select({
            id: stories.id,
            authorId: stories.authorId,
            isPublic: stories.isPublic,
            hiddenAt: stories.hiddenAt,
          })
          .from(stories)
      )
        .filter((s) => !s.isPublic || s.hiddenAt)
        .map((s) => [s.id, s.authorId].join()),
    );
    let compared = 0;
    for (let i = 0; i < rounds; i++) {
      // Near a stack now and then, so the unlock reach (content, media) and the ties are both exercised.
      const place = random() < 0.3 ? stackSpots[Math.floor(random() * stackSpots.length)]! : spot();
      for (const viewerId of viewers) {
        for (const [radius, limit] of [
          [DISCOVERY_RADIUS_M, DISCOVERABLE_RESULT_CAP],
          [MAP_RADIUS_M, MAP_RESULT_CAP],
          [DISCOVERY_RADIUS_M, 5],
        ] as const) {
          const q = { ...place, radius, limit, viewerId };
          const fromMemory = await index.nearby(q);
          const fromSql = await sqlOnly.nearby(q);
          expect(fromMemory, 'the index answers once settled').not.toBeNull();
          expect(fromMemory!.map(comparable)).toEqual(fromSql.map(comparable));
          for (const story of fromMemory!) {
            // Hidden or private: only ever to its author.
            const secret = [...hidden].some((key) => key.startsWith(`${story.id},`));
            if (secret) expect(story.authorId).toBe(viewerId);
          }
          compared += fromMemory!.length;
        }
        // The map's viewport, centred on the reader or elsewhere; and one whose west is greater than its east (it
        // crosses the antimeridian: every longitude but the strip between them).
        const half = 0.005 + random() * 0.03;
        for (const box of [
          {
            south: place.latitude - half,
            north: place.latitude + half,
            west: place.longitude - half,
            east: place.longitude + half,
          },
          {
            south: place.latitude - half,
            north: place.latitude + half,
            west: place.longitude + half,
            east: place.longitude - half,
          },
        ]) {
          const centre = random() < 0.5 ? place : { latitude: place.latitude + half / 2, longitude: place.longitude };
          const q = { box, centre, limit: random() < 0.5 ? MAP_RESULT_CAP : 7, viewerId };
          const fromMemory = await index.inBox(q);
          expect(fromMemory).not.toBeNull();
          expect(fromMemory!.map(comparable)).toEqual((await sqlOnly.inBox(q)).map(comparable));
          compared += fromMemory!.length;
        }
      }
    }
    return compared;
  }

  it('answers like the SQL after random writes of every kind', { timeout: 180_000 }, async () => {
    await insertRandom(300);
    expect(await expectSameAnswers(10)).toBeGreaterThan(1_000);
    for (let round = 0; round < 4; round++) {
      await randomWrites();
      await expectSameAnswers(5);
    }
  });

  it('takes in a bulk statement (more than 100 stories at once) by reconciling', async () => {
    const { id: authorId } = authors[0]!;
    await t.database.query(sql`
      INSERT INTO stories (title, category, type, content, latitude, longitude, author_id)
      SELECT 'Bulk ' || g, 'Mystery', 'text', 'Bulk words', ${CENTRE.latitude}::float8 + g * 0.00001, ${CENTRE.longitude}::float8, ${authorId}::uuid
      FROM generate_series(1, 250) g`);
    await expectSameAnswers(5);
    const count = (await t.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM stories`))[0]!.n;
    expect(t.app.storyIndex!.size).toBe(count);
  });

  it('a story created through the API is in the very next read of this instance', async () => {
    const author = authors[1]!;
    const place = offsetNorth(CENTRE, 30);
    // The author stands there first (creation is a position claim).
    await t.app.inject({
      method: 'GET',
      url: `/api/stories/discoverable/${place.latitude}/${place.longitude}`,
      headers: { cookie: author.cookie },
    });
    const created = await postStory(
      t.app,
      author.cookie,
      baseStoryFields({
        title: 'Fresh off the press',
        latitude: String(place.latitude),
        longitude: String(place.longitude),
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const read = await t.app.inject({
      url: `/api/stories/discoverable/${place.latitude}/${place.longitude}`,
      headers: { cookie: author.cookie },
    });
    expect(read.json<{ id: string }[]>().map((s) => s.id)).toContain(id);
    expect(t.app.storyIndex!.state).toBe('ready');
  });
});

describe('the story index while it cannot answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORY_INDEX: 'off' });
  });
  afterAll(async () => t?.close());

  it('an on-demand reconciliation takes in a change that no notification carried', async () => {
    const author = await createTestUser(t.database);
    const place = offsetNorth(CENTRE, 2_000);
    const index = await createStoryIndex(t.database);
    try {
      expect(await index.settled()).toBe(true);
      // Triggers off for this one statement: the story reaches the table but not the change feed.
      await t.database.transaction(async (tx) => {
        await tx.query(sql`SET LOCAL session_replication_role = replica`);
        await tx.query(sql`
          INSERT INTO stories (title, category, type, content, latitude, longitude, author_id)
          VALUES ('Unannounced', 'Mystery', 'text', 'Quiet words', ${place.latitude}, ${place.longitude}, ${author.id}::uuid)`);
      });
      const q = { ...place, radius: 100, limit: DISCOVERABLE_RESULT_CAP, viewerId: null };
      expect(await index.nearby(q)).toEqual([]);
      expect(await index.reconcileNow()).toBeGreaterThanOrEqual(0);
      expect((await index.nearby(q))?.map((s) => s.title)).toEqual(['Unannounced']);
    } finally {
      await index.close();
    }
  });

  it('declines while warming up, then answers', async () => {
    const author = await createTestUser(t.database);
    await insertStory(t.database, { authorId: author.id, ...CENTRE });
    const index = await createStoryIndex(t.database);
    try {
      const q = { ...CENTRE, radius: DISCOVERY_RADIUS_M, limit: DISCOVERABLE_RESULT_CAP, viewerId: null };
      expect(index.state).toBe('warming');
      expect(await index.nearby(q)).toBeNull();
      expect(await index.settled()).toBe(true);
      expect((await index.nearby(q))?.length).toBe(1);
    } finally {
      await index.close();
    }
  });

  it('a read waits for its reader’s own story writes; a marker read does not wait for their likes', async () => {
    const author = await createTestUser(t.database);
    // A place of its own, 500 km from the stories the other tests leave at CENTRE.
    const here = offsetNorth(CENTRE, 500_000);
    await insertStory(t.database, { authorId: author.id, ...offsetNorth(here, 30) });
    // The index's queries (its fences among them) are held while `held` is set: the fences stay out.
    let release = () => {};
    let held: Promise<void> | null = null;
    const database: typeof t.database = Object.create(t.database);
    database.query = async (...args: Parameters<typeof t.database.query>) => {
      if (held) await held;
      return t.database.query(...args);
    };
    // readWaitMs 0: a read that would wait for a fence declines at once (null: the caller runs the SQL).
    const index = await createStoryIndex(database, { readWaitMs: 0 });
    try {
      expect(await index.settled()).toBe(true);
      const q = { ...here, radius: DISCOVERY_RADIUS_M, limit: DISCOVERABLE_RESULT_CAP, viewerId: null };
      held = new Promise<void>((resolve) => (release = resolve));
      index.fenceWrite(['liker'], 'likes');
      index.fenceWrite(['creator'], 'stories');
      // The liker's marker read answers at once; a read showing likes waits for the like (declines here).
      expect(await index.nearbyMarkers(q, ['liker'])).toHaveLength(1);
      expect(await index.nearby(q, ['liker'])).toBeNull();
      // A created story is waited for by every read of its author.
      expect(await index.nearbyMarkers(q, ['creator'])).toBeNull();
      // Another reader waits for neither.
      expect(await index.nearbyMarkers(q, ['someone else'])).toHaveLength(1);
      held = null;
      release();
      expect(await index.settled()).toBe(true);
      expect(await index.nearby(q, ['liker'])).not.toBeNull();
      expect(await index.nearbyMarkers(q, ['creator'])).not.toBeNull();
    } finally {
      await index.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a dropped LISTEN connection loses notifications: the index goes back to SQL, reconciles, and has them',
    async () => {
      const author = await createTestUser(t.database);
      const index = await createStoryIndex(t.database, { heartbeatMs: 50, lagMs: 150, lostMs: 600 });
      try {
        expect(await index.settled()).toBe(true);
        // End the index's LISTEN connection; it reconnects after a second, and what was sent meanwhile is lost.
        const ended = await t.database.query(sql`
          SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN "story_change"%'`);
        expect(ended.length).toBeGreaterThan(0);
        const lost = await insertStory(t.database, { authorId: author.id, ...offsetNorth(CENTRE, 5) });
        const q = { ...CENTRE, radius: DISCOVERY_RADIUS_M, limit: DISCOVERABLE_RESULT_CAP, viewerId: null };
        const deadline = Date.now() + 10_000;
        let answer: StoryRecord[] | null = null;
        const states = new Set<string>();
        while (Date.now() < deadline) {
          states.add(index.state);
          answer = await index.nearby(q);
          if (answer?.some((s) => s.id === lost.id)) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(answer?.map((s) => s.id)).toContain(lost.id);
        // It noticed: reads went to SQL while it caught up.
        expect(states).toContain('catching-up');
      } finally {
        await index.close();
      }
    },
  );
});

/**
 * Authors' insights through the real app (docs/decisions/018-insights-counts-not-readers.md, docs/design.md, rule 19): what is counted, once per reader
 * and day, never the author's own reads, only for readers who have the story unlocked; small counts leave the
 * server as "fewer than 3"; and nothing that identifies a reader is stored.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { FEWER_THAN_3, type InsightEventKind } from '#common/insights';
import { insightsSummarySchema, storyInsightsSchema } from '#common/insights-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';
import { hashPassword } from '../auth/passwords';
import { INSIGHT_MESSAGES } from './insights-service';
import { localDay, zoneOf } from './closed-days';

describe('authors’ insights', () => {
  let t: TestApp;
  let author: TestUser;
  let readers: TestUser[];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { insights: { now: () => Date.now() + clock.aheadMs } });
    author = await createTestUser(t.database, { displayName: 'Author' });
    readers = await Promise.all([1, 2, 3, 4].map((n) => createTestUser(t.database, { displayName: `Reader ${n}` })));
  });
  afterAll(async () => t.close());

  /** The insights' clock: real time (unlock and like records carry real times), moved ahead to close a day. */
  const clock = { aheadMs: 0 };
  const zone = zoneOf(DEFAULT_CENTER);
  const today = () => localDay(Date.now(), zone);
  /** Reads as the author a day and an hour later, when today has ended where the stories are. */
  const released = async <T>(read: () => Promise<T>): Promise<T> => {
    clock.aheadMs = 25 * 3_600_000;
    try {
      return await read();
    } finally {
      clock.aheadMs = 0;
    }
  };
  const at = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;

  /** A story by the author at the default centre; media types are set in the row (the route only reads the type). */
  const newStory = async (type: 'text' | 'audio' | 'image' = 'text', fields: Record<string, string> = {}) => {
    const res = await postStory(t.app, author.cookie, baseStoryFields(fields));
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    if (type !== 'text') await t.database.query(sql`UPDATE stories SET type = ${type} WHERE id = ${id}::uuid`);
    return id;
  };
  /** Reads the story where it stands, which unlocks it for this reader (signed in, or a visitor by address). */
  const reach = async (id: string, who: { cookie?: string; ip?: string }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stories/${id}?${at}`,
      headers: who.cookie ? { cookie: who.cookie } : {},
      remoteAddress: who.ip ?? '127.0.0.1',
    });
    expect(res.json()).toMatchObject({ id, isLocked: false });
  };
  const event = (storyId: string, kind: InsightEventKind | string, who: { cookie?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/insights/events',
      payload: { storyId, kind },
      headers: who.cookie ? { cookie: who.cookie } : {},
      remoteAddress: who.ip ?? '127.0.0.1',
    });
  /** The story's insights as they stand now (`live`) — today is not in them — or once today has closed. */
  const insightsAt = async (id: string, days = 7, cookie = author.cookie) => {
    await t.app.insights.service.flush();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/insights/stories/${id}?days=${days}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return storyInsightsSchema.parse(res.json());
  };
  const insights = (id: string, days = 7, cookie = author.cookie) => released(() => insightsAt(id, days, cookie));
  const todayOf = (data: Awaited<ReturnType<typeof insights>>) => data.series.find((d) => d.day === today())!;

  it('counts each reader once a day per kind, and never the author’s own reads', async () => {
    const id = await newStory('text');
    for (const reader of readers.slice(0, 3)) {
      await reach(id, reader);
      expect((await event(id, 'open', reader)).statusCode).toBe(204);
      expect((await event(id, 'open', reader)).statusCode).toBe(204);
      expect((await event(id, 'read', reader)).statusCode).toBe(204);
    }
    // The author's own opens and reads are taken (204) and not counted.
    for (let i = 0; i < 3; i++) {
      expect((await event(id, 'open', author)).statusCode).toBe(204);
      expect((await event(id, 'read', author)).statusCode).toBe(204);
    }
    const data = await insights(id);
    expect(data.series).toHaveLength(7);
    expect(todayOf(data)).toMatchObject({ opens: 3, reads: 3, unlocks: 3, shares: 0, plays: 0 });
    expect(data.totals).toMatchObject({ opens: 3, reads: 3, unlocks: 3, likes: 0 });
    expect(data.listenThrough).toBeNull();
    // A later flush adds only what came since (the upsert adds, it does not replace).
    await reach(id, readers[3]!);
    await event(id, 'open', readers[3]);
    expect(todayOf(await insights(id)).opens).toBe(4);
  });

  it('counts signed-out readers too, told apart by their reader key', async () => {
    const id = await newStory('text');
    const visitors = ['203.0.113.10', '203.0.113.11', '203.0.113.12'].map((ip) => ({ ip }));
    for (const visitor of visitors) {
      await reach(id, visitor);
      expect((await event(id, 'open', visitor)).statusCode).toBe(204);
      expect((await event(id, 'open', visitor)).statusCode).toBe(204);
    }
    expect(todayOf(await insights(id)).opens).toBe(3);
  });

  it('counts plays and each quartile once per reader; the listen-through curve gives readers per quartile', async () => {
    const id = await newStory('audio');
    for (const reader of readers.slice(0, 3)) {
      await reach(id, reader);
      for (const kind of ['play', 'q25', 'q50', 'q25', 'q50'] as const)
        expect((await event(id, kind, reader)).statusCode).toBe(204);
    }
    await event(id, 'q75', readers[0]);
    const data = await insights(id, 30);
    expect(data.series).toHaveLength(30);
    expect(todayOf(data).plays).toBe(3);
    expect(data.listenThrough).toEqual([
      { percent: 0, readers: 3 },
      { percent: 25, readers: 3 },
      { percent: 50, readers: 3 },
      { percent: 75, readers: FEWER_THAN_3 },
      { percent: 100, readers: 0 },
    ]);
  });

  it('shows counts of 1 and 2 as "fewer than 3" — daily, total and in My Stories — and 0 as 0', async () => {
    const id = await newStory('audio');
    await reach(id, readers[0]!);
    await reach(id, readers[1]!);
    await event(id, 'play', readers[0]);
    await event(id, 'play', readers[1]);
    await event(id, 'share', readers[0]);
    await t.app.inject({ method: 'POST', url: `/api/stories/${id}/like`, headers: { cookie: readers[0]!.cookie } });
    const data = await insights(id, 90);
    expect(data.series).toHaveLength(90);
    expect(todayOf(data)).toMatchObject({
      unlocks: FEWER_THAN_3,
      plays: FEWER_THAN_3,
      shares: FEWER_THAN_3,
      likes: FEWER_THAN_3,
      opens: 0,
    });
    expect(data.totals).toMatchObject({ unlocks: FEWER_THAN_3, plays: FEWER_THAN_3, likes: FEWER_THAN_3, reads: 0 });
    // The raw numbers never leave the server: no 1 or 2 anywhere in the answer.
    const numbers = JSON.stringify(data).match(/:\s*[12]\b/g);
    expect(numbers).toBeNull();

    const summary = await released(() =>
      t.app.inject({ method: 'GET', url: '/api/insights/stories', headers: { cookie: author.cookie } }),
    );
    expect(summary.statusCode).toBe(200);
    const mine = insightsSummarySchema.parse(summary.json()).find((s) => s.storyId === id)!;
    expect(mine).toMatchObject({
      unlocks: FEWER_THAN_3,
      engaged: FEWER_THAN_3,
      engagedLabel: 'listens',
      likes: FEWER_THAN_3,
    });
    expect(mine.sparkline).toHaveLength(30);
    expect(mine.sparkline.every((v) => v === 0)).toBe(true);
  });

  it('refuses readers who have not unlocked the story (403), signed in or not', async () => {
    const id = await newStory('text');
    const signedIn = await event(id, 'open', readers[2]);
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json()).toEqual({ message: INSIGHT_MESSAGES.notUnlocked });
    expect((await event(id, 'open', { ip: '198.51.100.40' })).statusCode).toBe(403);
    expect(todayOf(await insights(id)).opens).toBe(0);
  });

  it('refuses bad input with 400 and unknown stories with 404', async () => {
    const id = await newStory('text');
    await reach(id, readers[0]!);
    const wrongKind = await event(id, 'play', readers[0]);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toEqual({ message: 'A text story takes no "play" event.' });
    expect((await event(id, 'q33', readers[0])).statusCode).toBe(400);
    expect((await event('not-a-uuid', 'open', readers[0])).statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/insights/events',
      payload: { storyId: id, kind: 'open', latitude: 32 },
      headers: { cookie: readers[0]!.cookie },
    });
    expect(extra.statusCode).toBe(400);
    expect((await event(crypto.randomUUID(), 'open', readers[0])).statusCode).toBe(404);
    const badPeriod = await t.app.inject({
      method: 'GET',
      url: `/api/insights/stories/${id}?days=14`,
      headers: { cookie: author.cookie },
    });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json()).toEqual({ message: expect.stringContaining('days must be 7, 30 or 90') });
  });

  it('shows a story’s insights to its author only', async () => {
    const id = await newStory('text');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/insights/stories/${id}`,
      headers: { cookie: readers[0]!.cookie },
    });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/insights/stories/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/insights/stories' })).statusCode).toBe(401);
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/insights/stories',
      headers: { cookie: readers[0]!.cookie },
    });
    expect(summary.json()).toEqual([]);
  });

  it('puts the author’s insights in their data export, and account deletion removes them', async () => {
    const owner = await createTestUser(t.database, { displayName: 'Owner' });
    const res = await postStory(t.app, owner.cookie, baseStoryFields());
    const id = res.json().id as string;
    for (const reader of readers.slice(0, 3)) {
      await reach(id, reader);
      await event(id, 'open', reader);
    }
    await event(id, 'share', readers[0]);
    await t.app.insights.service.flush();
    const exportOf = () =>
      t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: owner.cookie } });
    // Today is still open: the export holds none of it either.
    expect((await exportOf()).json().insights).toEqual([]);
    const exported = await released(exportOf);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().insights).toEqual([
      { storyId: id, day: today(), kind: 'open', count: 3 },
      { storyId: id, day: today(), kind: 'share', count: FEWER_THAN_3 },
    ]);
    // Another author's export holds none of them.
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: readers[0]!.cookie },
    });
    expect(theirs.json().insights).toEqual([]);

    // Deleting the account removes them; counts still buffered for the deleted story are dropped at the flush.
    const hash = await hashPassword('secret-words');
    await t.database.query(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${owner.id}::uuid`);
    await reach(id, readers[3]!);
    await event(id, 'open', readers[3]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: 'secret-words' },
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    await t.app.insights.service.flush();
    const left = await t.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM story_insights WHERE story_id = ${id}::uuid`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('stores nothing that identifies a reader: no reader id, session, address or coordinate in the insights tables', async () => {
    const id = await newStory('audio');
    const visitorIp = '192.0.2.77';
    for (const who of [readers[0]!, readers[1]!, { ip: visitorIp }]) {
      await reach(id, who);
      for (const kind of ['open', 'play', 'q25', 'q50', 'share'] as const) await event(id, kind, who);
    }
    await t.app.insights.service.flush();

    // The tables the insights write: their columns are story (or tour), day, kind and count, and nothing else.
    const columns = await t.database.query<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name LIKE '%insight%' ORDER BY table_name, ordinal_position`);
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual([
      'story_insights.story_id',
      'story_insights.day',
      'story_insights.kind',
      'story_insights.count',
      'tour_insights.tour_id',
      'tour_insights.day',
      'tour_insights.kind',
      'tour_insights.count',
    ]);

    // Every value in every insights table, against what would identify a reader or a place.
    const sessions = await t.database.query<{ token_hash: string }>(sql`SELECT token_hash FROM sessions`);
    const story = (
      await t.database.query<{ latitude: number; longitude: number }>(
        sql`SELECT latitude, longitude FROM stories WHERE id = ${id}::uuid`,
      )
    )[0]!;
    const forbidden = [
      ...readers.map((r) => r.id),
      author.id,
      ...readers.map((r) => r.cookie.split('=')[1]!),
      ...sessions.map((s) => s.token_hash),
      visitorIp,
      '127.0.0.1',
      String(story.latitude),
      String(story.longitude),
      String(DEFAULT_CENTER.latitude),
    ];
    const tables = [...new Set(columns.map((c) => c.table_name))];
    let values = 0;
    for (const table of tables) {
      const rows = await t.database.query<Record<string, unknown>>(sql.raw(`SELECT * FROM ${table}`));
      for (const row of rows) {
        for (const value of Object.values(row)) {
          values++;
          const text = String(value);
          for (const secret of forbidden) expect(text).not.toContain(secret);
        }
      }
    }
    expect(values).toBeGreaterThan(0);
  });
});

describe('insights on a graceful stop, and the per-reader limit', () => {
  let t: TestApp;
  // A long flush interval: only the close can have written the counts.
  beforeAll(async () => {
    t = await createTestApp({ INSIGHTS_FLUSH_MS: '30000' });
  });
  afterAll(async () => t.close());

  it('writes the buffered counts when the app closes, and limits events per reader', async () => {
    const author = await createTestUser(t.database);
    const reader = await createTestUser(t.database);
    const res = await postStory(t.app, author.cookie, baseStoryFields());
    const id = res.json().id as string;
    await t.app.inject({
      method: 'GET',
      url: `/api/stories/${id}?lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`,
      headers: { cookie: reader.cookie },
    });
    const send = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/insights/events',
        payload: { storyId: id, kind: 'open' },
        headers: cookie ? { cookie } : {},
      });
    expect((await send(reader.cookie)).statusCode).toBe(204);

    // 120 a minute per reader: the signed-in reader's 121st is refused; another reader (a visitor) is not.
    for (let i = 1; i < 120; i++) expect((await send(reader.cookie)).statusCode).toBe(204);
    const over = await send(reader.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: expect.stringMatching(/^Too many requests/) });
    expect((await send()).statusCode).toBe(403);

    const stored = () =>
      t.database.query<{ n: number }>(
        sql`SELECT coalesce(sum(count), 0)::int AS n FROM story_insights WHERE story_id = ${id}::uuid`,
      );
    expect((await stored())[0]!.n).toBe(0);
    await t.app.close();
    expect((await stored())[0]!.n).toBe(1);
  });
});

/**
 * The authorization matrix's owned traces and follows (server/src/authorization-matrix.api.test.ts): each owner
 * gets a trace with a photo on someone else's story they unlocked, and follows that author. Another user never
 * unlocked the story, so the trace's text, id and photo key must never reach them, and neither may the follow.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CENTER } from '#common/constants';
import type { TestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';
import { insertStory } from '../../stories/test-support/story-fixtures';

const traceOfOwner = new Map<string, string>();

/** Makes the owner's trace and follow; returns the texts only the owner (and the unlocked) may see. */
export async function addTraceFixtures(t: TestApp, ownerId: string, photo: Buffer): Promise<string[]> {
  const host = await createTestUser(t.database);
  const story = await insertStory(t.database, {
    authorId: host.id,
    latitude: DEFAULT_CENTER.latitude,
    longitude: DEFAULT_CENTER.longitude,
    isPublic: true,
  });
  await t.database.query(sql`INSERT INTO unlocks (user_id, story_id) VALUES (${ownerId}::uuid, ${story.id}::uuid)`);
  const traceId = crypto.randomUUID();
  const text = `Trace only the unlocked read ${traceId.slice(0, 8)}`;
  const photoKey = `stories/${story.id}/traces/${traceId}.png`;
  await t.app.mediaStore.putBuffer(photoKey, photo);
  await t.database.query(sql`
    INSERT INTO traces (id, story_id, writer_id, text, photo_key) VALUES (${traceId}::uuid, ${story.id}::uuid, ${ownerId}::uuid, ${text}, ${photoKey})`);
  await t.database.query(sql`INSERT INTO follows (follower_id, author_id) VALUES (${ownerId}::uuid, ${host.id}::uuid)`);
  traceOfOwner.set(ownerId, traceId);
  return [text, traceId, photoKey];
}

/** The owner's traces and follows, for the matrix's "nothing of the owner's changes" comparison. */
export const traceAndFollowState = (ownerId: string): SQL => sql`,
  (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.id), '[]'::jsonb) FROM traces x WHERE x.writer_id = ${ownerId}) AS traces,
  (SELECT coalesce(jsonb_agg(x.author_id ORDER BY x.author_id), '[]'::jsonb) FROM follows x WHERE x.follower_id = ${ownerId}) AS follows`;

interface TraceBinding {
  label: string;
  value: string;
  ownersOnly: boolean;
}

/** A trace route's `id` is the owner's trace; an author route's `userId` is the owner as an author anyone may read. */
export function traceAndFollowBindings(
  param: string,
  route: { url: string },
  ownerId: string,
): TraceBinding[] | undefined {
  if (param === 'id' && route.url.startsWith('/api/traces/')) {
    return [{ label: "the owner's trace", value: traceOfOwner.get(ownerId)!, ownersOnly: true }];
  }
  // A moderators' call on the owner's trace: refused to every plain user, the owner included.
  if (param === 'id' && route.url.startsWith('/api/moderation/traces/')) {
    return [{ label: "the owner's trace", value: traceOfOwner.get(ownerId)!, ownersOnly: false }];
  }
  if (param === 'userId' && route.url.startsWith('/api/authors/'))
    return [{ label: 'the owner, as an author', value: ownerId, ownersOnly: false }];
  return undefined;
}

/** Writes another user may make: following and unfollowing an author changes nothing of the author's. */
export const TRACE_OTHERS_MAY: Record<string, number[]> = {
  'PUT /api/authors/:userId/follow': [200],
  'DELETE /api/authors/:userId/follow': [200],
};

/** What the owner is refused on their own trace or story, and why. */
export const TRACE_OWNER_REFUSED: Record<string, { status: number[]; why: string }> = {
  'POST /api/stories/:id/traces': { status: [403], why: 'an author leaves no trace on their own story' },
  'PUT /api/traces/:id/photo': { status: [409, 415], why: 'the fixture trace has its photo already (one per trace)' },
  'POST /api/traces/:id/hide': { status: [403], why: "only the story's author hides a trace; the owner wrote it" },
  'POST /api/traces/:id/appeal': { status: [400], why: 'only a hidden trace can be appealed (traces.api.test.ts)' },
  'POST /api/traces/:id/report': { status: [400], why: 'nobody reports their own trace' },
};

/**
 * The authorization matrix's fixtures (authorization-matrix.api.test.ts): for each route, an owner with a resource
 * of every kind a route can be bound to — a public and a private story (with a real image), a notification, a tour
 * of two public stories (with its insights), a moderation decision about them still open to appeal, another that
 * they appealed, and a push subscription of their device — and another user. `ownerState` is everything of the
 * owner's that nobody else may change, compared row by row.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth } from '#common/geo';
import type { TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { notifications, pushSubscriptions, users } from '../db/schema';
import { pngWithAlpha } from '../media/test-support/test-media';
import { insertStory } from '../modules/stories/test-support/story-fixtures';
import { addTraceFixtures, traceAndFollowState } from '../modules/traces/test-support/authorization-fixtures';

export interface Fixtures {
  owner: TestUser;
  other: TestUser;
  publicStoryId: string;
  privateStoryId: string;
  /** The media key of the private story's real image, stored in the app's media store. */
  privateMediaKey: string;
  notificationId: string;
  /** The owner's tour (two public stories), which has insights of its own. */
  tourId: string;
  /** A moderator's warning about the owner, still open to appeal; and another the owner appealed (its appeal id). */
  openDecisionId: string;
  appealId: string;
  /** The push endpoint of the owner's device. */
  pushEndpoint: string;
  /** The owner's story draft and planned tour (docs/decisions/060-story-drafts-and-routes-in.md): nobody else's to read. */
  draftId: string;
  plannedTourId: string;
  /** Texts only the owner may ever see. */
  privateMarkers: string[];
}

let imageBytes: Buffer | undefined;
/** The image stored for the private story (after the first fixtures are made). */
export const fixtureImageBytes = (): Buffer | undefined => imageBytes;

export async function createFixtures(t: TestApp): Promise<Fixtures> {
  const tag = crypto.randomBytes(6).toString('hex');
  const ownerEmail = `owner-${tag}@example.test`;
  const owner = await createTestUser(t.database, { email: ownerEmail });
  const other = await createTestUser(t.database);
  const at = { latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude };
  const publicStory = await insertStory(t.database, {
    authorId: owner.id,
    ...at,
    title: `Public ${tag}`,
    isPublic: true,
  });
  const privateTitle = `Private title ${tag}`;
  const privateDescription = `Private description ${tag}`;
  const privateStoryId = crypto.randomUUID();
  const privateMediaKey = `stories/${privateStoryId}/image.png`;
  imageBytes ??= await pngWithAlpha();
  await t.app.mediaStore.putBuffer(privateMediaKey, imageBytes);
  await insertStory(t.database, {
    id: privateStoryId,
    authorId: owner.id,
    ...at,
    type: 'image',
    content: null,
    wordCount: null,
    title: privateTitle,
    description: privateDescription,
    imageKey: privateMediaKey,
    isPublic: false,
  });
  const second = await insertStory(t.database, {
    authorId: owner.id,
    ...offsetNorth(at, 300),
    title: `Second ${tag}`,
    isPublic: true,
  });
  const tour = await t.app.inject({
    method: 'POST',
    url: '/api/tours',
    headers: { cookie: owner.cookie },
    payload: { title: `Walk ${tag}`, storyIds: [publicStory.id, second.id] },
  });
  if (tour.statusCode !== 201) throw new Error(`fixture tour: ${tour.statusCode} ${tour.body}`);
  const moderator = await createTestUser(t.database);
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
  const warn = () => t.app.moderation.service.decideOnUser(moderator.id, owner.id, { action: 'warn', reason: 'spam' });
  const openDecision = await warn();
  const appealed = await t.app.moderation.service.appeal(owner.id, (await warn()).id, `Appeal ${tag}`);
  const pushEndpoint = `https://fcm.googleapis.com/fcm/send/${tag}-${crypto.randomUUID()}`;
  await t.database.db
    .insert(pushSubscriptions)
    .values({ userId: owner.id, endpoint: pushEndpoint, p256dh: `p256dh-${tag}`, auth: `auth-${tag}` });
  const notificationMessage = `For the owner only ${tag}`;
  const [notification] = await t.database.db
    .insert(notifications)
    .values({
      userId: owner.id,
      type: 'other',
      title: 'Owner note',
      message: notificationMessage,
      storyId: publicStory.id,
    })
    .returning();
  const draftTitle = `Planned ${tag}`;
  const draft = await t.app.drafts.service.create(owner.id, {
    fields: {
      type: 'text',
      category: 'History',
      title: draftTitle,
      content: 'Planned.',
      latitude: '51.5',
      longitude: '-0.1',
    },
    files: {},
  });
  const plannedTour = await t.app.drafts.service.importRoute(owner.id, {
    fileName: 'walk.geojson',
    text: JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: `Planned stop ${tag}` },
          geometry: { type: 'Point', coordinates: [-0.1, 51.5] },
        },
        {
          type: 'Feature',
          properties: { name: `Planned end ${tag}` },
          geometry: { type: 'Point', coordinates: [-0.11, 51.51] },
        },
      ],
    }),
  });
  return {
    owner,
    other,
    draftId: draft.id,
    plannedTourId: plannedTour.id,
    publicStoryId: publicStory.id,
    privateStoryId,
    privateMediaKey,
    notificationId: notification!.id,
    tourId: tour.json<{ id: string }>().id,
    openDecisionId: openDecision.id,
    appealId: appealed.appealId,
    pushEndpoint,
    privateMarkers: [
      ownerEmail,
      draft.id,
      draftTitle,
      `Planned stop ${tag}`,
      privateStoryId,
      privateTitle,
      privateDescription,
      privateMediaKey,
      notification!.id,
      notificationMessage,
      pushEndpoint,
      `Appeal ${tag}`,
      ...(await addTraceFixtures(t, owner.id, imageBytes)),
    ],
  };
}

/** Everything of the owner's that another user must never change, row by row. */
export async function ownerState(t: TestApp, ownerId: string): Promise<string> {
  const rows = await t.database.query(sql`
    SELECT
      (SELECT to_jsonb(u) - 'updated_at' FROM users u WHERE u.id = ${ownerId}) AS account,
      (SELECT coalesce(jsonb_agg(to_jsonb(s) - 'location' - 'location_geom' ORDER BY s.id), '[]'::jsonb)
         FROM stories s WHERE s.author_id = ${ownerId}) AS stories,
      (SELECT coalesce(jsonb_agg(to_jsonb(n) ORDER BY n.id), '[]'::jsonb) FROM notifications n WHERE n.user_id = ${ownerId}) AS notifications,
      (SELECT coalesce(jsonb_agg(s.id ORDER BY s.id), '[]'::jsonb) FROM sessions s WHERE s.user_id = ${ownerId}) AS sessions,
      (SELECT coalesce(jsonb_agg(to_jsonb(t) - 'updated_at' ORDER BY t.id), '[]'::jsonb) FROM tours t WHERE t.author_id = ${ownerId}) AS tours,
      (SELECT coalesce(jsonb_agg(to_jsonb(ts) ORDER BY ts.tour_id, ts.position), '[]'::jsonb)
         FROM tour_stops ts JOIN tours t ON t.id = ts.tour_id WHERE t.author_id = ${ownerId}) AS tour_stops,
      (SELECT coalesce(jsonb_agg(p.endpoint ORDER BY p.endpoint), '[]'::jsonb) FROM push_subscriptions p WHERE p.user_id = ${ownerId}) AS push,
      (SELECT coalesce(jsonb_agg(to_jsonb(a) ORDER BY a.id), '[]'::jsonb)
         FROM appeals a JOIN moderation_decisions d ON d.id = a.decision_id WHERE d.subject_user_id = ${ownerId}) AS appeals${traceAndFollowState(ownerId)}`);
  return JSON.stringify(rows[0]);
}

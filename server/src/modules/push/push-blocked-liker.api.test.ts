/**
 * An author who blocked someone hears nothing of that person's likes: no "X liked your story" in the bell and no
 * push (the like itself still counts). Through the real app, against the local mock push service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';
import { startMockPushService, type MockPushService } from '#tests/helpers/mock-push-service';
import { insertStory } from '../stories/test-support/story-fixtures';

describe('likes from someone the author blocked', () => {
  let push: MockPushService;
  let t: TestApp;

  beforeAll(async () => {
    push = await startMockPushService();
    t = await createTestApp({ PUSH_TEST_ORIGINS: push.origin, RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('make no notification and no push; a like from anyone else does', async () => {
    const author = await createTestUser(t.database, { displayName: 'Ada Author' });
    const blocked = await createTestUser(t.database, { displayName: 'Pest Person' });
    const friend = await createTestUser(t.database, { displayName: 'Fay Friend' });
    const publicKey = (await t.app.inject({ url: '/api/push/public-key' })).json().publicKey;
    const device = await push.subscribe(publicKey);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: author.cookie },
      payload: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(subscribed.statusCode).toBe(201);
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/blocks/${blocked.id}`,
      headers: { cookie: author.cookie },
    });
    expect(block.statusCode).toBeLessThan(300);

    const story = await insertStory(t.database, { authorId: author.id, ...DEFAULT_CENTER, title: 'Harbour lights' });
    for (const fan of [blocked, friend]) {
      await t.app.location.unlocks.record(fan.id, [story.id]);
      const liked = await t.app.inject({
        method: 'POST',
        url: `/api/stories/${story.id}/like`,
        headers: { cookie: fan.cookie },
      });
      expect(liked.statusCode).toBe(200);
    }
    await t.app.push.service.idle();

    // Both likes count.
    const read = await t.app.inject({ url: `/api/stories/${story.id}`, headers: { cookie: author.cookie } });
    expect(read.json().likes).toBe(2);
    const bell = (await t.app.inject({ url: '/api/notifications', headers: { cookie: author.cookie } })).json<
      { message: string }[]
    >();
    expect(bell.map((n) => n.message)).toEqual(['Fay Friend liked your story “Harbour lights”']);
    const pushed = push.messages(device.clientHash).map((m) => JSON.parse(m).message);
    expect(pushed).toEqual(['Fay Friend liked your story “Harbour lights”']);
  });
});

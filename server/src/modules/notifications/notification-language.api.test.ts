/**
 * Notifications in the reader's language (docs/decisions/063-notifications-in-the-readers-language.md): the list
 * calls say each one in the language of Accept-Language, from the words it was made from — a like, a statement of
 * reasons with its parts, a digest — and English word for word as stored; a row older than words is said by
 * matching its English against the catalogue.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { likedMessage, NOTIFICATION_TEXTS } from '#common/notifications';
import { notificationListSchema, smartSuggestionsSchema } from '#common/notification-schemas';
import { offsetNorth } from '#common/geo';
import { statementOfReasons } from '#common/moderation';
import { digestMessage, digestWords, TRACE_NOTIFICATION_TEXTS } from '#common/traces';
import { words } from '#common/words';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { readServerCatalogue } from '../../lib/i18n/server-messages';
import { insertStory } from '../stories/test-support/story-fixtures';

describe('notifications in the reader’s language', () => {
  let t: TestApp;
  let author: TestUser;
  let fan: TestUser;
  const es = readServerCatalogue('es');
  const ar = readServerCatalogue('ar');
  const fill = (template: string | undefined, ...values: string[]) =>
    values.reduce((text, value, i) => text.replace(`{${i}}`, value), template!);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Ada Author' });
    fan = await createTestUser(t.database, { displayName: 'Fan Uno' });
  });
  afterAll(async () => t.close());

  const listIn = async (user: TestUser, language?: string) => {
    const res = await t.app.inject({
      url: '/api/notifications?limit=100',
      headers: { cookie: user.cookie, ...(language ? { 'accept-language': language } : {}) },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers.vary)).toMatch(/accept-language/i);
    return notificationListSchema.parse(res.json());
  };

  it('says a like in Spanish or Arabic as asked, and in English exactly as stored', async () => {
    const story = await insertStory(t.database, { authorId: author.id, ...DEFAULT_CENTER, title: 'El faro' });
    await t.app.location.unlocks.record(fan.id, [story.id]);
    const liked = await t.app.inject({
      method: 'POST',
      url: `/api/stories/${story.id}/like`,
      headers: { cookie: fan.cookie },
    });
    expect(liked.statusCode).toBe(200);

    const [english] = await listIn(author);
    expect(english).toMatchObject({
      title: NOTIFICATION_TEXTS.likedTitle,
      message: likedMessage('Fan Uno', 'El faro'),
    });
    const [spanish] = await listIn(author, 'es-ES,es;q=0.9');
    expect(spanish).toMatchObject({
      id: english!.id,
      title: es['New like'],
      message: fill(es['{0} liked your story “{1}”'], 'Fan Uno', 'El faro'),
    });
    const [arabic] = await listIn(author, 'ar');
    expect(arabic!.message).toBe(fill(ar['{0} liked your story “{1}”'], 'Fan Uno', 'El faro'));
    // Nothing is said in the language the request did not ask for.
    expect((await listIn(author, 'de'))[0]).toEqual(english);
  });

  it('says a statement of reasons part by part: the decision, the reason’s name, who decided, the appeal', async () => {
    const story = await insertStory(t.database, { authorId: author.id, ...DEFAULT_CENTER, title: 'Muro' });
    await t.app.notifications.service.storyHidden({
      storyId: story.id,
      authorId: author.id,
      title: 'Muro',
      decisionId: '00000000-0000-4000-8000-000000000001',
      reason: 'spam',
    });
    const english = (await listIn(author)).find((n) => n.storyId === story.id && n.type === 'story_hidden')!;
    expect(english.message).toBe(
      statementOfReasons({
        action: 'auto_hide',
        reason: 'spam',
        automatic: true,
        storyTitle: 'Muro',
        suspendDays: null,
      }),
    );
    const spanish = (await listIn(author, 'es')).find((n) => n.id === english.id)!;
    expect(spanish.title).toBe(es['Story hidden']);
    const days = new Intl.NumberFormat('es').format(14);
    expect(spanish.message).toBe(
      fill(
        es['{0}. Reason: {1}. {2}{3}{4}'],
        fill(es['Your story “{0}” was hidden'], 'Muro'),
        es['Spam or advertising']!,
        es['Decided automatically after reports from several readers.']!,
        '',
        fill(es[' You can appeal once within {0} days from My Stories.'], days),
      ),
    );
    expect(spanish.message).not.toMatch(/Reason|Spam or advertising|appeal/);
  });

  it('says a follower’s digest with its counts in the reader’s numbers', async () => {
    const digest = { displayName: 'Ada Author', stories: 3, tours: 1, nearestM: 2_300 };
    await t.app.notifications.service.traceAndFollowNotices([
      {
        userId: fan.id,
        type: 'follow_digest',
        title: words(TRACE_NOTIFICATION_TEXTS.digestTitle),
        message: digestWords(digest),
        storyId: null,
      },
    ]);
    const english = (await listIn(fan)).find((n) => n.type === 'follow_digest')!;
    expect(english.message).toBe(digestMessage(digest));
    expect(english.message).toBe('3 new whispers and 1 new tour by Ada Author, the nearest 2 km from you');
    const arabic = (await listIn(fan, 'ar')).find((n) => n.id === english.id)!;
    const number = (n: number) => new Intl.NumberFormat('ar').format(n);
    expect(arabic.title).toBe(ar['From authors you follow']);
    expect(arabic.message).toBe(
      fill(
        ar['{0}, the nearest {1} from you'],
        fill(
          ar['{0} by {1}'],
          fill(ar['{0} and {1}'], fill(ar['{0} new whispers'], number(3)), fill(ar['{0} new tour'], number(1))),
          'Ada Author',
        ),
        fill(ar['{0} km'], number(2)),
      ),
    );
  });

  it('says the smart suggestions in the language asked, the uncharted card still marked as such', async () => {
    const smart = async (at: { latitude: number; longitude: number }, language?: string) => {
      const res = await t.app.inject({
        url: `/api/notifications/smart/${at.latitude}/${at.longitude}?timeOfDay=morning`,
        headers: language ? { 'accept-language': language } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers.vary)).toMatch(/accept-language/i);
      return smartSuggestionsSchema.parse(res.json());
    };
    // Far from every story of this file: nothing within 50 km.
    const nowhere = offsetNorth(DEFAULT_CENTER, 900_000);
    expect(await smart(nowhere)).toEqual([expect.objectContaining({ title: 'Uncharted territory', uncharted: true })]);
    const [uncharted] = await smart(nowhere, 'es');
    expect(uncharted).toMatchObject({
      title: es['Uncharted territory'],
      message: fill(es['No whispers within {0}. Leave the first one here.'], fill(es['{0} km'], '50')),
      uncharted: true,
    });
    // One story 300 m north of the reader: one within reach of the card, locked, to the north.
    const here = offsetNorth(DEFAULT_CENTER, 1_200_000);
    await insertStory(t.database, { authorId: author.id, ...offsetNorth(here, 300), title: 'Norte' });
    const [nearby] = await smart(here, 'es');
    expect(nearby).toMatchObject({
      type: 'nearby',
      title: fill(es['{0} whisper within {1}'], '1', fill(es['{0} km'], '1,5')),
      message: fill(
        es['The nearest locked one is {0}.'],
        fill(es['{0} to the {1}'], fill(es['{0} m'], '300'), es.north!),
      ),
    });
  });

  it('says a notification stored before words by matching its English sentence', async () => {
    const story = await insertStory(t.database, { authorId: fan.id, ...DEFAULT_CENTER, title: 'Vieja' });
    await t.database.query(sql`
      INSERT INTO notifications (user_id, type, title, message, story_id)
      VALUES (${author.id}, 'story_unlocked', 'Story unlocked', 'You unlocked “Vieja”. It is yours to read now.', ${story.id})`);
    const spanish = (await listIn(author, 'es')).find((n) => n.storyId === story.id)!;
    expect(spanish.title).toBe(es['Story unlocked']);
    expect(spanish.message).toBe(fill(es['You unlocked “{0}”. It is yours to read now.'], 'Vieja'));
  });
});

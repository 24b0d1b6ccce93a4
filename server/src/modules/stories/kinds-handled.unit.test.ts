/**
 * Every media kind and lock kind described in common/ (media-kinds.ts, lock-kinds.ts) is handled where the
 * server needs it: a kind added to the description but not to the table, the pipeline, the settings, the story
 * answer or the story index fails here (the compiler's `satisfies Record<…>` checks point at the rest).
 */
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MEDIA_KINDS, TIME_RESTRICTIONS } from '#common/enums';
import { LOCK_COLUMNS, LOCK_FIELD_EXAMPLES, LOCK_FIELDS, LOCK_KINDS, lockValuesFor } from '#common/lock-kinds';
import { lockValueShape } from '#common/lock-schemas';
import { evaluateLock } from '#common/locks';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { storySchema } from '#common/schemas';
import { STORY_TYPE_UPLOAD } from '#common/story-type-specs';
import { accountExportSchema } from '#common/account-schemas';
import { loadConfig } from '../../config';
import { stories } from '../../db/schema';
import { MEDIA_PREPARERS } from '../../media/pipeline';
import { sniffMedia } from '../../media/sniff';
import { CardIndex } from './story-index/card-index';
import type { StoryCard } from './story-index/card';
import { toStoryView, WITHHELD_COLUMNS, type StoryRow } from './story-view';

const columns = getTableColumns(stories) as Record<string, { name: string } | undefined>;
const config = loadConfig({ NODE_ENV: 'test' });
const storyFields = Object.keys(storySchema.shape);

describe('every media kind described is handled', () => {
  it.each(MEDIA_KINDS)('%s', (kind) => {
    const spec = MEDIA_KIND_SPECS[kind];
    expect(columns[spec.keyField]?.name, 'its column in the stories table').toBe(spec.column);
    expect(MEDIA_PREPARERS[kind], 'its preparer in media/pipeline.ts').toBeTypeOf('function');
    expect(Object.keys(spec.containers).length, 'a container it accepts').toBeGreaterThan(0);
    expect(config.maxUploadBytes[kind], 'its size setting').toBe(spec.size.defaultMb * 1024 * 1024);
    expect(WITHHELD_COLUMNS, 'withheld while locked').toContain(spec.keyField);
    expect(storyFields, 'its URL in a story answer').toContain(spec.urlField);
    expect(Object.keys(accountExportSchema.shape.stories.element.shape.media.shape), 'its URL in the export').toContain(
      spec.urlField,
    );
    expect(STORY_TYPE_UPLOAD[kind], 'its story type').toBe(kind);
    expect(sniffMedia(kind, new Uint8Array(64)), 'nothing accepted by its name alone').toBeNull();
  });
});

const card = (restriction: (typeof TIME_RESTRICTIONS)[number], values: Record<string, string | null>): StoryCard => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'A lock',
  description: null,
  duration: null,
  wordCount: 3,
  latitude: 32,
  longitude: -81,
  category: 'History',
  language: 'en',
  type: 'text',
  authorId: '00000000-0000-4000-8000-000000000002',
  likes: 0,
  traceCount: 0,
  isPublic: true,
  hidden: false,
  timeRestriction: restriction,
  ...lockValuesFor(restriction, values),
  createdAtMicros: 1,
  revision: 1,
});

/** A value for each lock field that its schema accepts (the description carries them). */
const SAMPLE: Record<string, string> = { ...LOCK_FIELD_EXAMPLES };

describe('every lock kind described is handled', () => {
  it('every lock field has its column, its schema and a sample value', () => {
    LOCK_FIELDS.forEach((field, i) => {
      expect(columns[field]?.name, field).toBe(LOCK_COLUMNS[i]);
      expect(lockValueShape[field], field).toBeDefined();
      expect(SAMPLE[field], `an example value for ${field} in LOCK_FIELD_EXAMPLES`).toBeDefined();
    });
  });

  it.each(TIME_RESTRICTIONS)('%s: decided, answered and kept by the story index', (restriction) => {
    const values = Object.fromEntries(LOCK_KINDS[restriction].fields.map((field: string) => [field, SAMPLE[field]!]));
    const held = card(restriction, values);
    expect(() =>
      evaluateLock(held, { distance: 0, isAuthor: false, now: new Date(), timeZone: 'UTC', weather: 'sunny' }),
    ).not.toThrow();
    const index = new CardIndex();
    index.upsert(held);
    const back = index.get(held.id)!;
    const row = {
      ...held,
      content: null,
      thumbnailKey: null,
      tiktokUrl: null,
      tiktokVideoId: null,
      createdAt: new Date(),
      audioKey: null,
      imageKey: null,
      videoKey: null,
    } as unknown as StoryRow;
    const story = toStoryView(row, null, {
      viewerId: null,
      reader: null,
      now: new Date(),
      signer: { sign: (key: string) => key } as never,
    });
    for (const field of LOCK_FIELDS) {
      expect(back[field], `the card index keeps ${field}`).toBe(held[field]);
      expect(story[field], `a story answer carries ${field}`).toBe(held[field]);
    }
  });
});

/** storyListJson against the serialiser the route contract compiles from storySchema, story by story and over time. */
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { LOCK_REASONS, SEASONS, STORY_TYPES, TIME_RESTRICTIONS, WEATHERS } from '#common/enums';
import { DECISION_ACTIONS } from '#common/moderation';
import { storySchema, type Story } from '#common/schemas';
import { compileSerializer } from '../../plugins/route-contract';
import { storyListJson } from './story-json';

const compiled = compileSerializer(z.array(storySchema));

/** Any text, with quotes, backslashes, control characters, emoji and lone surrogates among the ordinary. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'Z', ' ', '"', '\\', '\n', '\u0000', '\u001f', '\u2028', 'é', '😀', '\ud800', '\udfff', '<', '/'),
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  ),
  maxLength: 30,
});
const orNull = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

/** A handful of ids, so the same story comes back with other values (the kept JSON must follow). */
const id = fc.constantFrom(
  '0e4f3c2a-1b2c-4d5e-8f90-123456789abc',
  '1e4f3c2a-1b2c-4d5e-8f90-123456789abc',
  '2e4f3c2a-1b2c-4d5e-8f90-123456789abc',
);

const story: fc.Arbitrary<Story> = fc.record({
    id,
    title: text,
    description: orNull(text),
    content: optional(orNull(text)),
    audioUrl: optional(orNull(text)),
    imageUrl: optional(orNull(text)),
    thumbnailUrl: optional(orNull(text)),
    videoUrl: optional(orNull(text)),
    tiktokUrl: optional(orNull(text)),
    tiktokVideoId: optional(orNull(text)),
    duration: orNull(fc.integer()),
    wordCount: orNull(fc.integer()),
    latitude: finite,
    longitude: finite,
    category: text,
    type: fc.constantFrom(...STORY_TYPES),
    authorId: id,
    author: fc.record({ displayName: orNull(text) }),
    likes: fc.integer(),
    likedByMe: optional(fc.boolean()),
    reportedByMe: optional(fc.boolean()),
    moderation: optional(
      fc.record({ decisionId: id, action: fc.constantFrom(...DECISION_ACTIONS), reason: text, automatic: fc.boolean(), createdAt: text }),
    ),
    isPublic: fc.boolean(),
    timeRestriction: fc.constantFrom(...TIME_RESTRICTIONS),
    unlockStartTime: orNull(text),
    unlockEndTime: orNull(text),
    unlockSeason: orNull(fc.constantFrom(...SEASONS)),
    unlockWeather: orNull(fc.constantFrom(...WEATHERS)),
    timeZone: optional(text),
    createdAt: text,
    distance: orNull(finite),
    isLocked: fc.boolean(),
    lockReason: orNull(fc.constantFrom(...LOCK_REASONS)),
    lockReasons: optional(fc.array(fc.constantFrom(...LOCK_REASONS), { maxLength: 3 })),
  },
);

describe('storyListJson', () => {
  it('is the value the compiled storySchema serialiser writes, for any stories, read after read', () => {
    fc.assert(
      fc.property(fc.array(fc.array(story, { maxLength: 6 }), { minLength: 1, maxLength: 6 }), (answers) => {
        for (const stories of answers) {
          expect(JSON.parse(storyListJson(stories))).toEqual(JSON.parse(compiled(stories)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes a story again when any one of its fixed fields changed, and leaves out fields the schema does not have', () => {
    const base: Story = { ...fc.sample(story, { numRuns: 1, seed: 7 })[0]!, description: 'Before', duration: 30, wordCount: null };
    const changed: Partial<Story>[] = [
      { title: 'Another title' },
      { description: null },
      { duration: 31 },
      { wordCount: 5 },
      { latitude: base.latitude + 1 },
      { longitude: base.longitude + 1 },
      { category: 'Another category' },
      { type: base.type === 'text' ? 'audio' : 'text' },
      { authorId: '9e4f3c2a-1b2c-4d5e-8f90-123456789abc' },
      { isPublic: !base.isPublic },
      { timeRestriction: base.timeRestriction === 'none' ? 'season' : 'none' },
      { unlockStartTime: '07:00' },
      { unlockEndTime: '08:00' },
      { unlockSeason: base.unlockSeason === 'winter' ? 'spring' : 'winter' },
      { unlockWeather: base.unlockWeather === 'rainy' ? 'sunny' : 'rainy' },
    ];
    for (const change of changed) {
      storyListJson([base]);
      const edited = { ...base, ...change };
      expect(JSON.parse(storyListJson([edited]))).toEqual(JSON.parse(compiled([edited])));
    }
    const withExtra = { ...base, secret: 'not in the schema' } as Story;
    expect(storyListJson([withExtra])).not.toContain('secret');
  });
});

import { describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth } from '#common/geo';
import { buildSmartSuggestions, categoryNotReadNearby, type SmartSampleStory } from './smart-suggestions';

const here = { latitude: 32.0835, longitude: -81.0998 };
const sampleStory = (north: number, fields: Partial<SmartSampleStory> = {}): SmartSampleStory => ({
  ...offsetNorth(here, north),
  category: 'Mystery',
  type: 'text',
  timeRestriction: 'none',
  unlockStartTime: null,
  distance: Math.abs(north),
  read: false,
  ...fields,
});

describe('buildSmartSuggestions', () => {
  it('gives a visitor the nearby count and the nearest locked story only', () => {
    const sample = [
      sampleStory(60),
      sampleStory(-250),
      sampleStory(900, { timeRestriction: 'time_of_day', unlockStartTime: '20:00' }),
    ];
    expect(buildSmartSuggestions(sample, { location: here, timeOfDay: 'evening', user: null })).toEqual([
      {
        type: 'nearby',
        priority: 'high',
        title: '3 whispers within 1.5 km',
        message: 'One is close enough to read now. The nearest locked one is 250 m to the south.',
      },
    ]);
  });

  it('says 100+ when the sample is full', () => {
    const sample = Array.from({ length: 100 }, (_, i) => sampleStory(200 + i));
    const [nearby] = buildSmartSuggestions(sample, { location: here, timeOfDay: 'morning', user: null });
    expect(nearby).toMatchObject({ priority: 'medium', title: '100+ whispers within 1.5 km' });
  });

  it('points at the nearest story within 50 km when none is within 1.5 km', () => {
    const far = {
      ...offsetEast(here, 4_000),
      category: 'History',
      type: 'text',
      timeRestriction: 'none',
      unlockStartTime: null,
      distance: 4_000,
      read: false,
    };
    expect(
      buildSmartSuggestions([far], { location: here, timeOfDay: 'night', user: { favoriteStoryType: 'text' } }),
    ).toEqual([
      {
        type: 'discovery',
        priority: 'medium',
        title: 'A whisper further afield',
        message: 'Nothing within 1.5 km yet. The nearest whisper is 4 km east.',
        nearest: { distance: 4_000, direction: 'east' },
      },
    ]);
    expect(buildSmartSuggestions([], { location: here, timeOfDay: 'night', user: null })[0]).toMatchObject({
      type: 'discovery',
      priority: 'low',
    });
  });

  it('adds time windows opening now, the favourite type and an unread category for a signed-in reader', () => {
    const sample = [
      sampleStory(300, { category: 'History', read: true }),
      sampleStory(400, { type: 'audio', timeRestriction: 'time_of_day', unlockStartTime: '21:15', category: 'Horror' }),
      sampleStory(500, { type: 'audio', category: 'Horror' }),
    ];
    const result = buildSmartSuggestions(sample, {
      location: here,
      timeOfDay: 'evening',
      user: { favoriteStoryType: 'audio' },
    });
    expect(result.slice(1)).toEqual([
      {
        type: 'other',
        priority: 'medium',
        title: 'Opening this evening',
        message: '1 time-locked whisper nearby opens this evening.',
      },
      {
        type: 'recommendation',
        priority: 'medium',
        title: 'Your favourite: audio stories',
        message: '2 audio whispers are within 1.5 km.',
      },
      {
        type: 'recommendation',
        priority: 'low',
        title: 'Something new: Horror',
        message: '2 Horror whispers nearby, a kind you have not read here yet.',
      },
    ]);
  });
});

describe('categoryNotReadNearby', () => {
  it('skips categories with any read story and prefers the largest', () => {
    const within = [
      sampleStory(1, { category: 'A', read: true }),
      sampleStory(2, { category: 'A' }),
      sampleStory(3, { category: 'B' }),
      sampleStory(4, { category: 'C' }),
      sampleStory(5, { category: 'C' }),
    ];
    expect(categoryNotReadNearby(within)).toEqual({ category: 'C', count: 2 });
    expect(categoryNotReadNearby([sampleStory(1, { read: true })])).toBeNull();
  });
});

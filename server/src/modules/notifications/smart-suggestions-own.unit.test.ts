/** docs/decisions/014-phone-round-2.md: the suggestion card agrees with the map — one's own stories are whispers too. */
import { describe, expect, it } from 'vitest';
import { buildSmartSuggestions, type SmartSampleStory } from './smart-suggestions';

const HERE = { latitude: 32.08, longitude: -81.1 };
const story = (distance: number, own: boolean): SmartSampleStory => ({
  latitude: HERE.latitude + distance / 111_195,
  longitude: HERE.longitude,
  category: 'History',
  type: 'text',
  timeRestriction: 'none',
  unlockStartTime: null,
  distance,
  read: false,
  own,
});
const ctx = { location: HERE, timeOfDay: 'morning' as const, user: { favoriteStoryType: null } };

describe("smart suggestions with the reader's own stories", () => {
  it('says they are the only ones rather than "Uncharted territory"', () => {
    const [card] = buildSmartSuggestions([story(10, true), story(40, true)], ctx);
    expect(card).toMatchObject({ title: 'Only your whispers here' });
    expect(card!.message).toContain('Your 2 whispers are the only ones within 1.5 km');
  });

  it("points to one's own whisper 5 km away as the nearest", () => {
    const [card] = buildSmartSuggestions([story(5_000, true)], ctx);
    expect(card).toMatchObject({ title: 'A whisper further afield', nearest: { distance: 5000, direction: 'north' } });
  });

  it("counts only others' stories as nearby to discover", () => {
    const [card] = buildSmartSuggestions([story(10, true), story(30, false)], ctx);
    expect(card).toMatchObject({ type: 'nearby', title: '1 whisper within 1.5 km' });
  });
});

import { describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth } from '#common/geo';
import type { Story } from '#common/schemas';
import { moreHereText, newlyUnlocked, nextLine, shouldSend, WALK } from './walk-rules';

const here = { latitude: 32.0835, longitude: -81.0998 };
const story = (id: string, fields: Partial<Story>) => ({ id, isLocked: false, authorId: 'someone', distance: 50, ...fields }) as Story;

describe('walk rules', () => {
  it('sends the first fix at once, then only after 10 m of movement and 5 s', () => {
    expect(shouldSend(null, here, 0)).toBe('now');
    const last = { at: here, time: 0 };
    expect(shouldSend(last, offsetNorth(here, 9), 60_000)).toBe('no');
    expect(shouldSend(last, offsetNorth(here, 11), WALK.sendEveryMs - 1)).toBe('later');
    expect(shouldSend(last, offsetNorth(here, 11), WALK.sendEveryMs)).toBe('now');
  });

  it('announces unlocked stories once, nearest first, never the walker’s own', () => {
    const stories = [
      story('far', { distance: 90 }),
      story('near', { distance: 20 }),
      story('locked', { isLocked: true }),
      story('mine', { authorId: 'me' }),
      story('done', {}),
    ];
    expect(newlyUnlocked(stories, new Set(['done']), 'me').map((s) => s.id)).toEqual(['near', 'far']);
  });

  it('words the compass line and the queue', () => {
    expect(nextLine(here, offsetEast(offsetNorth(here, 163), 163))).toBe('Next whisper: 230 m north-east');
    expect(moreHereText(2)).toBe('2 more whispers here');
    expect(moreHereText(1)).toBe('1 more whisper here');
  });
});

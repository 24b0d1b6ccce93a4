import { describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth } from '#common/geo';
import type { Story } from '#common/schemas';
import { bearingDegrees } from '#common/geo';
import { moreHereText, newlyUnlocked, nextLine, relativeDirection, shouldSend, turnDegrees, WALK } from './walk-rules';

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

  it('measures the bearing clockwise from north', () => {
    expect(bearingDegrees(here, offsetNorth(here, 200))).toBeCloseTo(0, 1);
    expect(bearingDegrees(here, offsetEast(here, 200))).toBeCloseTo(90, 1);
    expect(bearingDegrees(here, offsetNorth(here, -200))).toBeCloseTo(180, 1);
    expect(bearingDegrees(here, offsetEast(here, -200))).toBeCloseTo(270, 1);
    expect(bearingDegrees(here, offsetEast(offsetNorth(here, 200), 200))).toBeCloseTo(45, 0);
  });

  it('turns the shortest way across north, right positive', () => {
    expect(turnDegrees(10, 350)).toBe(20);
    expect(turnDegrees(350, 10)).toBe(-20);
    expect(turnDegrees(90, 270)).toBe(180);
    expect(turnDegrees(0, 90)).toBe(-90);
  });

  it('says where a bearing lies from the walker’s heading, in eight sectors', () => {
    expect(relativeDirection(0, 0)).toBe('straight ahead');
    expect(relativeDirection(22, 0)).toBe('straight ahead');
    expect(relativeDirection(45, 0)).toBe('ahead on your right');
    expect(relativeDirection(0, 90)).toBe('on your left');
    expect(relativeDirection(0, 270)).toBe('on your right');
    expect(relativeDirection(200, 45)).toBe('behind you on the right');
    expect(relativeDirection(180, 0)).toBe('behind you');
    expect(relativeDirection(5, 350)).toBe('straight ahead');
    expect(relativeDirection(300, 10)).toBe('on your left');
  });

  it('says the next whisper from the heading when there is one, else in compass points', () => {
    const target = offsetEast(offsetNorth(here, 160), 160);
    expect(nextLine(here, target)).toBe('Next whisper: 230 m north-east');
    expect(nextLine(here, target, 'Next whisper', 45)).toBe('Next whisper: 230 m straight ahead');
    expect(nextLine(here, target, 'Next stop', 315)).toBe('Next stop: 230 m on your right');
    expect(nextLine(here, target, 'Next whisper', 225)).toBe('Next whisper: 230 m behind you');
  });
});

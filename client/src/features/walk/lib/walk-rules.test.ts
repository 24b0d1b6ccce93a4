import { describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth } from '#common/geo';
import type { Story } from '#common/schemas';
import { bearingDegrees } from '#common/geo';
import {
  cardAfterAnswer,
  moreHereText,
  nextLine,
  offlineLine,
  relativeDirection,
  shouldSend,
  turnDegrees,
  WALK,
  withinReach,
} from './walk-rules';

const here = { latitude: 32.0835, longitude: -81.0998 };
const story = (id: string, fields: Partial<Story>) =>
  ({ id, isLocked: false, authorId: 'someone', distance: 50, ...fields }) as Story;

describe('walk rules', () => {
  it('sends the first fix at once, then only after 10 m of movement and 5 s', () => {
    expect(shouldSend(null, here, 0)).toBe('now');
    const last = { at: here, time: 0 };
    expect(shouldSend(last, offsetNorth(here, 9), 60_000)).toBe('no');
    expect(shouldSend(last, offsetNorth(here, 11), WALK.sendEveryMs - 1)).toBe('later');
    expect(shouldSend(last, offsetNorth(here, 11), WALK.sendEveryMs)).toBe('now');
  });

  it('presents the unlocked stories within reach, nearest first, never the walker’s own', () => {
    const stories = [
      story('far', { distance: 90 }),
      story('near', { distance: 20 }),
      story('locked', { isLocked: true }),
      story('mine', { authorId: 'me' }),
      story('left behind', { distance: 180 }),
    ];
    expect(withinReach(stories, 'me').map((found) => found.id)).toEqual(['near', 'far']);
  });

  it('keeps the card while its story is within reach; out of reach, it steps aside for a new one', () => {
    const cannon = story('cannon', { distance: 10 });
    const fountain = story('fountain', { distance: 8 });
    const bench = story('bench', { distance: 30 });
    const ids = (card: ReturnType<typeof cardAfterAnswer>) => [
      card.current?.id ?? null,
      card.queue.map((queued) => queued.id),
      card.changed,
    ];
    // First answer: the nearest is the card, the other one within reach waits ("1 more whisper here").
    expect(ids(cardAfterAnswer(null, [fountain, bench], new Set()))).toEqual(['fountain', ['bench'], true]);
    // Still within reach: it stays; the count counts only stories within reach that the card has not shown.
    expect(ids(cardAfterAnswer(cannon, [cannon, bench], new Set(['cannon'])))).toEqual(['cannon', ['bench'], false]);
    // Walked on to the next stop: the cannon (out of reach) steps aside, nothing is counted behind the new card.
    expect(ids(cardAfterAnswer(cannon, [fountain], new Set(['cannon'])))).toEqual(['fountain', [], true]);
    // Out of reach with nothing new: the card stays, with nothing queued.
    expect(ids(cardAfterAnswer(cannon, [], new Set(['cannon'])))).toEqual(['cannon', [], false]);
    // A story the card already showed does not come back.
    expect(ids(cardAfterAnswer(null, [cannon], new Set(['cannon'])))).toEqual([null, [], false]);
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

describe('walk mode offline (docs/decisions/053-walk-mode-offline.md)', () => {
  const stop = offsetNorth(here, 300);
  it('says nothing while no position waits', () => {
    expect(offlineLine(false, stop, stop, 'stop')).toBeNull();
  });
  it('at the next stop: it unlocks once back online (the server decides)', () => {
    expect(offlineLine(true, offsetNorth(stop, -60), stop, 'stop')).toBe(
      'Offline — this stop will unlock when you’re back online.',
    );
    expect(offlineLine(true, offsetNorth(stop, -60), stop, 'whisper')).toBe(
      'Offline — this whisper will unlock when you’re back online.',
    );
  });
  it('elsewhere (or with no stop left): the position waits', () => {
    const waiting = 'Offline — your position will be sent when you’re back online.';
    expect(offlineLine(true, offsetNorth(stop, -150), stop, 'stop')).toBe(waiting);
    expect(offlineLine(true, here, null, 'stop')).toBe(waiting);
    expect(offlineLine(true, null, stop, 'stop')).toBe(waiting);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCATION_CLAIM } from '#common/constants';
import { haversineMetres, offsetEast, offsetNorth, type Point } from '#common/geo';
import type { LockState } from '#common/locks';
import type { HttpError } from '../../lib/http-errors';
import { plausibleTravelMetres } from './claim-rules';
import { createLocationGuard } from './location-guard';
import { createMemoryReaderClaimStore } from './reader-claim-store';

const HOME = { latitude: 32.0835, longitude: -81.0998 };
const MIN = 60_000;
const OPEN: LockState = { isLocked: false, lockReason: null };
const story = (id: string, authorId = 'someone-else') => ({ id, authorId });

function setup(budgets = { visitor: 3, user: 5 }) {
  const clock = { now: Date.UTC(2026, 10, 23, 12) };
  const now = () => clock.now;
  const store = createMemoryReaderClaimStore({ now, maxReaders: 1_000 });
  const recorded: { userId: string; ids: readonly string[] }[] = [];
  const guard = createLocationGuard({
    store,
    budgets,
    now,
    unlocks: { record: async (userId, ids) => void recorded.push({ userId, ids }) },
  });
  return { clock, store, guard, recorded };
}

describe('memory reader-claim store', () => {
  it('forgets a reader state after its TTL and unlocks after the window', async () => {
    const { clock, store } = setup();
    await store.setState('r', { last: { ...HOME, at: clock.now }, refusedUntil: null }, 60 * MIN);
    await store.addUnlocks('r', ['a'], 60 * MIN);
    clock.now += 30 * MIN;
    await store.addUnlocks('r', ['b', 'a'], 60 * MIN);
    expect((await store.getState('r')).last).not.toBeNull();
    clock.now += 30 * MIN;
    expect(await store.getState('r')).toEqual({ last: null, refusedUntil: null });
    // 'a' counted from its first unlock (an hour ago), 'b' from half an hour ago.
    const recent = await store.recentUnlocks('r', 60 * MIN);
    expect([recent.size, recent.has('b'), recent.has('a')]).toEqual([1, true, false]);
    clock.now += 30 * MIN;
    expect((await store.recentUnlocks('r', 60 * MIN)).size).toBe(0);
    expect(store.size()).toBe(0);
  });

  it('is bounded: the oldest readers go first', async () => {
    const store = createMemoryReaderClaimStore({ maxReaders: 2 });
    for (const reader of ['a', 'b', 'c']) await store.setState(reader, { last: null, refusedUntil: 1 }, MIN);
    expect((await store.getState('a')).refusedUntil).toBeNull();
    expect((await store.getState('c')).refusedUntil).toBe(1);
  });
});

describe('location guard', () => {
  const visitor = { userId: null, ip: '198.51.100.4' };
  const user = { userId: 'user-1', ip: '198.51.100.4' };

  it('locks every other story with the refusal, leaves the author their own', async () => {
    const { guard } = setup();
    const gate = await guard.gate(user, { position: null });
    expect(gate.refusal).toBe('location');
    expect(gate.decide(story('a'), OPEN)).toEqual({ isLocked: true, lockReason: 'location' });
    expect(gate.decide(story('own', 'user-1'), OPEN)).toEqual(OPEN);
  });

  it('keeps a distance lock as it is', async () => {
    const { guard } = setup();
    const gate = await guard.gate(visitor, { position: HOME });
    expect(gate.decide(story('a'), { isLocked: true, lockReason: 'distance' })).toEqual({
      isLocked: true,
      lockReason: 'distance',
    });
  });

  it('refuses 15 minutes after a teleport, then judges from the last accepted position', async () => {
    const { guard, clock } = setup();
    expect((await guard.gate(visitor, { position: HOME })).refusal).toBeNull();
    clock.now += 1_000;
    expect((await guard.gate(visitor, { position: { latitude: 45.07, longitude: 7.69 } })).refusal).toBe('travel');
    clock.now += 14 * MIN;
    const back = await guard.gate(visitor, { position: HOME });
    expect(back.refusal).toBe('travel');
    expect(back.decide(story('a'), OPEN)).toEqual({ isLocked: true, lockReason: 'travel' });
    clock.now += 2 * MIN;
    expect((await guard.gate(visitor, { position: HOME })).refusal).toBeNull();
    // Another address is another reader.
    expect(
      (await guard.gate({ userId: null, ip: '198.51.100.5' }, { position: { latitude: 45, longitude: 7 } })).refusal,
    ).toBeNull();
  });

  it('spends the budget on distinct new unlocks only; own stories never count', async () => {
    const { guard, clock, recorded } = setup();
    const first = await guard.gate(user, { position: HOME });
    const decided = ['a', 'b', 'a', 'c', 'd', 'e', 'f'].map((id) => first.decide(story(id), OPEN).lockReason);
    expect(decided).toEqual([null, null, null, null, null, null, 'budget']);
    expect(first.decide(story('mine', 'user-1'), OPEN)).toEqual(OPEN);
    await first.commit();
    expect(recorded).toEqual([{ userId: 'user-1', ids: ['a', 'b', 'c', 'd', 'e'] }]);

    clock.now += 59 * MIN;
    const reread = await guard.gate(user, { position: HOME });
    expect(reread.decide(story('a'), OPEN)).toEqual(OPEN);
    expect(reread.decide(story('g'), OPEN)).toEqual({ isLocked: true, lockReason: 'budget' });
    await reread.commit();
    expect(recorded).toHaveLength(1);

    clock.now += 2 * MIN;
    const later = await guard.gate(user, { position: HOME });
    expect(later.decide(story('g'), OPEN)).toEqual(OPEN);
  });

  it('visitors have the smaller budget and no persistent record', async () => {
    const { guard, recorded } = setup();
    const gate = await guard.gate(visitor, { position: HOME });
    expect(['a', 'b', 'c', 'd'].map((id) => gate.decide(story(id), OPEN).isLocked)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    await gate.commit();
    expect(recorded).toEqual([]);
  });

  it('placement: up to 200 m from a fresh accepted position, else the travel rule', async () => {
    const { guard, clock } = setup();
    const error = (promise: Promise<void>) =>
      promise.then(
        () => null,
        (e: HttpError) => [e.statusCode, e.message],
      );
    await guard.gate(user, { position: HOME });
    clock.now += 5 * MIN;
    expect(await error(guard.checkPlacement('user-1', offsetNorth(HOME, 199)))).toBeNull();
    expect(await error(guard.checkPlacement('user-1', offsetNorth(HOME, 201)))).toEqual([
      400,
      'A story can be placed at most 200 m from where you are. Move the pin closer and try again.',
    ]);
    clock.now += 6 * MIN;
    // The fix is older than 10 minutes: the point itself is the claim (1 km in 11 minutes is plausible).
    expect(await error(guard.checkPlacement('user-1', offsetNorth(HOME, 1_000)))).toBeNull();
    // …and that point is now the fresh fix the pin is measured from.
    expect(await error(guard.checkPlacement('user-1', offsetNorth(HOME, 1_150)))).toBeNull();
    expect(await error(guard.checkPlacement('user-1', HOME))).toEqual([
      400,
      'A story can be placed at most 200 m from where you are. Move the pin closer and try again.',
    ]);
  });

  it('placement after a teleport is refused with the travel message', async () => {
    const { guard, clock } = setup();
    await guard.gate(user, { position: HOME });
    clock.now += 11 * MIN;
    const refused = await guard
      .checkPlacement('user-1', offsetEast(HOME, 1_000_000))
      .catch((e: HttpError) => e.message);
    expect(refused).toBe(
      'Your location changed faster than anyone can travel. Creating and unlocking stories is paused for 15 minutes.',
    );
    expect((await guard.gate(user, { position: HOME })).refusal).toBe('travel');
  });
});

/** One read in a random claim sequence. */
interface Step {
  waitMs: number;
  move:
    | { kind: 'walk'; metres: number; bearing: number }
    | { kind: 'jump'; km: number; bearing: number }
    // Back beside the last accepted position (the spoofer's way home after a teleport).
    | { kind: 'back'; metres: number; bearing: number }
    | { kind: 'none' };
  accuracy: number | undefined;
  stories: number[];
}

const stepArb: fc.Arbitrary<Step> = fc.record({
  waitMs: fc.integer({ min: 0, max: 20 * MIN }),
  move: fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('walk' as const),
        metres: fc.integer({ min: 0, max: 1_500 }),
        bearing: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('jump' as const),
        km: fc.integer({ min: 3, max: 8_000 }),
        bearing: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('back' as const),
        metres: fc.integer({ min: 0, max: 500 }),
        bearing: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  ),
  accuracy: fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
  stories: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 8 }),
});

function moved(from: Point, lastAccepted: Point | null, step: Step): Point | null {
  if (step.move.kind === 'none') return null;
  if (step.move.kind === 'back') from = lastAccepted ?? HOME;
  const metres = step.move.kind === 'jump' ? step.move.km * 1000 : step.move.metres;
  const north = offsetNorth(from, metres * Math.cos(step.move.bearing));
  const point = offsetEast(north, metres * Math.sin(step.move.bearing));
  return { latitude: Math.max(-85, Math.min(85, point.latitude)), longitude: ((point.longitude + 540) % 360) - 180 };
}

describe('location guard, property: random claim sequences', () => {
  it('never unlocks without a position, with poor accuracy, within 15 min of an impossible jump, or past the budget', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 40 }), fc.boolean(), async (steps, signedIn) => {
        const budgets = { visitor: 4, user: 6 };
        const { guard, clock } = setup(budgets);
        const identity = signedIn ? { userId: 'u', ip: '203.0.113.9' } : { userId: null, ip: '203.0.113.9' };
        const budget = signedIn ? budgets.user : budgets.visitor;
        let here: Point = HOME;
        // The oracle, kept independently of the guard.
        let lastAccepted: { point: Point; at: number } | null = null;
        let lastJumpAt = Number.NEGATIVE_INFINITY;
        const firstUnlock = new Map<number, number>();

        for (const step of steps) {
          clock.now += step.waitMs;
          if (lastAccepted && clock.now - lastAccepted.at >= LOCATION_CLAIM.claimTtlMs) lastAccepted = null;
          const position = moved(here, lastAccepted?.point ?? null, step);
          if (position) here = position;
          const gate = await guard.gate(identity, { position, accuracy: step.accuracy });
          const unlocked = step.stories.filter((s) => !gate.decide(story(`s${s}`), OPEN).isLocked);
          await gate.commit();

          const goodFix = step.accuracy === undefined || step.accuracy <= LOCATION_CLAIM.maxAccuracyM;
          const isJump =
            position !== null &&
            goodFix &&
            lastAccepted !== null &&
            haversineMetres(lastAccepted.point, position) > plausibleTravelMetres(clock.now - lastAccepted.at);
          if (isJump && clock.now >= lastJumpAt + LOCATION_CLAIM.travelRefusalMs) lastJumpAt = clock.now;

          if (position === null || !goodFix || clock.now < lastJumpAt + LOCATION_CLAIM.travelRefusalMs) {
            expect(unlocked).toEqual([]);
          }
          if (gate.refusal === null) lastAccepted = { point: position!, at: clock.now };
          else expect(unlocked).toEqual([]);

          // Budget: distinct stories first unlocked within the last hour never exceed it.
          for (const [id, at] of firstUnlock)
            if (at <= clock.now - LOCATION_CLAIM.budgetWindowMs) firstUnlock.delete(id);
          for (const id of unlocked) if (!firstUnlock.has(id)) firstUnlock.set(id, clock.now);
          expect(firstUnlock.size).toBeLessThanOrEqual(budget);
        }
      }),
      { numRuns: 300 },
    );
  });
});

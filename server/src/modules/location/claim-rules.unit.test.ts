import { describe, expect, it } from 'vitest';
import { LOCATION_CLAIM } from '#common/constants';
import { offsetEast, offsetNorth } from '#common/geo';
import {
  budgetVerdict,
  isImpossibleTravel,
  judgeClaim,
  plausibleTravelMetres,
  readerKey,
  type ReaderClaimState,
} from './claim-rules';

const HOME = { latitude: 32.0835, longitude: -81.0998 };
const TURIN = { latitude: 45.0703, longitude: 7.6869 };
const T0 = Date.UTC(2026, 10, 23, 12);
const MIN = 60_000;
const empty: ReaderClaimState = { last: null, refusedUntil: null };
const at = (position: typeof HOME, time: number) => ({ ...position, at: time });

describe('plausibleTravelMetres', () => {
  it('is 2 km at once and adds 300 km/h', () => {
    expect(plausibleTravelMetres(0)).toBe(2_000);
    expect(plausibleTravelMetres(60 * MIN)).toBeCloseTo(302_000, 6);
    expect(plausibleTravelMetres(-5 * MIN)).toBe(2_000);
  });
});

describe('judgeClaim', () => {
  it('refuses a read without a position ("location")', () => {
    expect(judgeClaim(empty, { position: null }, T0)).toEqual({
      refusal: 'location',
      accepted: null,
      refuseUntil: null,
    });
  });

  it('accepts a first claim and makes it the last accepted position', () => {
    expect(judgeClaim(empty, { position: HOME, accuracy: 12 }, T0)).toEqual({
      refusal: null,
      accepted: at(HOME, T0),
      refuseUntil: null,
    });
  });

  it('refuses an impossible jump for 15 minutes without accepting it', () => {
    const state = { last: at(HOME, T0), refusedUntil: null };
    const jump = judgeClaim(state, { position: TURIN }, T0 + 1_000);
    expect(jump).toEqual({
      refusal: 'travel',
      accepted: null,
      refuseUntil: T0 + 1_000 + LOCATION_CLAIM.travelRefusalMs,
    });
  });

  it('uses the 2 km + 300 km/h limit, boundary included', () => {
    const state = { last: at(HOME, T0), refusedUntil: null };
    expect(judgeClaim(state, { position: offsetNorth(HOME, 1_990) }, T0).refusal).toBeNull();
    expect(judgeClaim(state, { position: offsetNorth(HOME, 2_050) }, T0).refusal).toBe('travel');
    // 10 minutes later: 2 km + 50 km.
    expect(judgeClaim(state, { position: offsetEast(HOME, 51_500) }, T0 + 10 * MIN).refusal).toBeNull();
    expect(judgeClaim(state, { position: offsetEast(HOME, 52_500) }, T0 + 10 * MIN).refusal).toBe('travel');
  });

  it('refuses every claim while a travel refusal runs, even one back home', () => {
    const state = { last: at(HOME, T0), refusedUntil: T0 + 15 * MIN };
    expect(judgeClaim(state, { position: HOME }, T0 + 14 * MIN).refusal).toBe('travel');
    expect(judgeClaim(state, { position: HOME }, T0 + 15 * MIN).refusal).toBeNull();
  });

  it('refuses a fix less accurate than 100 m, without checking or remembering it', () => {
    expect(judgeClaim(empty, { position: HOME, accuracy: 100 }, T0).refusal).toBeNull();
    const poor = judgeClaim({ last: at(HOME, T0), refusedUntil: null }, { position: TURIN, accuracy: 150 }, T0);
    expect(poor).toEqual({ refusal: 'accuracy', accepted: null, refuseUntil: null });
    expect(judgeClaim(empty, { position: HOME, accuracy: Number.NaN }, T0).refusal).toBe('accuracy');
  });

  it('judges a claim without accuracy by the other rules alone', () => {
    expect(judgeClaim(empty, { position: HOME }, T0).refusal).toBeNull();
    expect(judgeClaim(empty, { position: HOME, accuracy: null }, T0).refusal).toBeNull();
  });
});

describe('isImpossibleTravel', () => {
  it('Savannah to Turin (7,600 km) in the same second is impossible; in two days it is not', () => {
    expect(isImpossibleTravel(at(HOME, T0), TURIN, T0)).toBe(true);
    expect(isImpossibleTravel(at(HOME, T0), TURIN, T0 + 48 * 60 * MIN)).toBe(false);
  });
});

describe('budgetVerdict', () => {
  it('counts distinct new unlocks only, up to the budget', () => {
    const recent = new Set(['a', 'b']);
    const fresh: string[] = [];
    expect(budgetVerdict('a', recent, fresh, 3)).toBe('recent');
    expect(budgetVerdict('c', recent, fresh, 3)).toBe('fresh');
    fresh.push('c');
    expect(budgetVerdict('c', recent, fresh, 3)).toBe('recent');
    expect(budgetVerdict('d', recent, fresh, 3)).toBe('over');
    expect(budgetVerdict('b', recent, fresh, 3)).toBe('recent');
  });
});

describe('readerKey', () => {
  it('is the user when signed in', () => {
    expect(readerKey('u-1', '203.0.113.7')).toBe('user:u-1');
  });

  it('is the IPv4 address for a visitor, mapped IPv6 included', () => {
    expect(readerKey(null, '203.0.113.7')).toBe('ip:203.0.113.7');
    expect(readerKey(null, '::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
  });

  it('groups IPv6 by /64 whatever the spelling', () => {
    const a = readerKey(null, '2001:db8:1:2:aaaa::1');
    expect(a).toBe('ip6:2001:db8:1:2::/64');
    expect(readerKey(null, '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(readerKey(null, '2001:db8:1:2::%eth0')).toBe(a);
    expect(readerKey(null, '2001:db8:1:3::1')).not.toBe(a);
    expect(readerKey(null, '::1')).toBe('ip6:0:0:0:0::/64');
  });
});

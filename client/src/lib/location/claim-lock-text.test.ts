import { describe, expect, it } from 'vitest';
import { accuracyParam, claimLockText, isClaimLock, TURN_ON_LOCATION } from './claim-lock-text';

describe('claim lock texts', () => {
  it('says why in plain words', () => {
    expect(claimLockText('location', null)).toBe(TURN_ON_LOCATION);
    expect(claimLockText('accuracy', 143.6)).toBe('GPS accuracy ±144 m — step into the open');
    expect(claimLockText('accuracy', null)).toBe('GPS accuracy too low — step into the open');
    expect(claimLockText('travel', 5)).toMatch(/15 minutes/);
    expect(claimLockText('budget', 5)).toMatch(/this hour/);
  });

  it('tells claim locks from distance and time locks', () => {
    expect((['location', 'travel', 'accuracy', 'budget'] as const).every((r) => isClaimLock(r))).toBe(true);
    expect(isClaimLock('distance')).toBe(false);
    expect(isClaimLock('weather')).toBe(false);
    expect(isClaimLock(null)).toBe(false);
  });

  it('sends accuracy rounded up to 10 m, nothing when unknown', () => {
    expect(accuracyParam(12.2)).toBe('accuracy=20');
    expect(accuracyParam(100)).toBe('accuracy=100');
    expect(accuracyParam(null)).toBe('');
  });
});

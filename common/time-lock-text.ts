/**
 * The time-lock sentence of spec section 4, written once: the story detail's "Time-Lock Details", the story card,
 * the create preview's "Unlocks" line and the discovery list all show these words.
 */
import type { Season, TimeRestriction, Weather } from './schemas';

export interface TimeLockFields {
  timeRestriction: TimeRestriction;
  unlockStartTime: string | null;
  unlockEndTime: string | null;
  unlockSeason: Season | null;
  unlockWeather: Weather | null;
}

/** "18:00 - 06:00" for a complete time-of-day window, else null. */
export function timeWindowText(lock: Pick<TimeLockFields, 'unlockStartTime' | 'unlockEndTime'>): string | null {
  return lock.unlockStartTime && lock.unlockEndTime ? `${lock.unlockStartTime} - ${lock.unlockEndTime}` : null;
}

/**
 * "Unlocks {start} - {end}", "Unlocks during {weather} weather" or "Available in {season}"; null when the story has
 * no time lock, or one missing its value (such a lock never locks, see locks.ts `evaluateLock`).
 */
export function timeLockText(lock: TimeLockFields): string | null {
  switch (lock.timeRestriction) {
    case 'time_of_day': {
      const window = timeWindowText(lock);
      return window ? `Unlocks ${window}` : null;
    }
    case 'weather':
      return lock.unlockWeather ? `Unlocks during ${lock.unlockWeather} weather` : null;
    case 'season':
      return lock.unlockSeason ? `Available in ${lock.unlockSeason}` : null;
    case 'none':
      return null;
  }
}

/** Spec section 4: what a story without an effective time lock says in the discovery list. */
export const ALWAYS_AVAILABLE = 'Always available';

/** Spec section 4: a time window that is open right now. */
export function availableNowText(window: string): string {
  return `Available now (${window})`;
}

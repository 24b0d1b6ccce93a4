/**
 * The time-lock sentence of docs/design.md, part 4, written once: the story detail's "Time-Lock Details", the story card,
 * the create preview's "Unlocks" line and the discovery list all show these words.
 */
import { LOCK_KINDS, timeWindowText, type LockValues } from './lock-kinds';
import type { TimeRestriction } from './schemas';

export { timeWindowText };

export interface TimeLockFields extends LockValues {
  timeRestriction: TimeRestriction;
}

/**
 * The words for the clock a time window is read on, from the story's IANA zone (the server evaluates windows in
 * the story's local time, docs/design.md, rule 4), named generically as people say it (docs/decisions/014-phone-round-2.md):
 * "America/New_York" → "Eastern Time" (not a city the story may not be in), "Europe/Rome" → "Central European
 * Time"; "UTC" for UTC, "UTC+5" for the sea zones "Etc/GMT-5" (whose sign is inverted, by POSIX convention); a
 * zone without a generic name in this runtime keeps its city ("Buenos Aires time").
 */
export function timeZoneLabel(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC' || timeZone === 'Etc/GMT' || timeZone === 'GMT') return 'UTC';
  const seaZone = /^Etc\/GMT([+-])(\d{1,2})$/.exec(timeZone);
  if (seaZone) return `UTC${seaZone[1] === '+' ? '-' : '+'}${seaZone[2]}`;
  const generic = genericZoneName(timeZone);
  if (generic) return generic;
  const city = timeZone.split('/').pop() ?? timeZone;
  return `${city.replace(/_/g, ' ')} time`;
}

/** Intl's generic long name ("Eastern Time"), or null when it only knows an offset ("GMT+05:00") or the zone. */
function genericZoneName(timeZone: string): string | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(0))
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && !/^GMT|^UTC/.test(name) ? name : null;
  } catch {
    return null;
  }
}

/**
 * "Unlocks {start} - {end}", "Unlocks during {weather} weather" or "Available in {season}" (each kind's sentence is
 * its entry in lock-kinds.ts); null when the story has no time lock, or one missing its value (such a lock never
 * locks, see locks.ts `evaluateLock`). With the story's `timeZone` a window names the clock it is read on:
 * "Unlocks 14:00 - 16:00 (Eastern Time)".
 */
export function timeLockText(lock: TimeLockFields & { timeZone?: string | null }): string | null {
  return LOCK_KINDS[lock.timeRestriction].sentence(lock, () => (lock.timeZone ? timeZoneLabel(lock.timeZone) : null));
}

/** docs/design.md, part 4: what a story without an effective time lock says in the discovery list. */
export const ALWAYS_AVAILABLE = 'Always available';

/** docs/design.md, part 4: a time window that is open right now. */
export function availableNowText(window: string): string {
  return `Available now (${window})`;
}

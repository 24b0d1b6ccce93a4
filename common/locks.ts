/**
 * Lock rules (docs/design.md, rules 3-4); the discovery status line built on them is discovery-status.ts. Pure: the
 * caller supplies the clock, the story's time zone and (when known) the current weather, so the same code runs
 * on the server (which decides locks) and in the client (which only displays them).
 */
import { UNLOCK_RADIUS_M } from './constants';
import type { LockReason, Season, TimeRestriction, Weather } from './schemas';
import type { LockValues } from './lock-kinds';

/** A story's lock: its kind and the lock values (common/lock-kinds.ts), at its latitude (seasons flip south). */
export interface LockableStory extends LockValues {
  latitude: number;
  timeRestriction: TimeRestriction;
}

/** Minutes since local midnight of "HH:MM", or null when the text is not a valid time. */
export function parseHHMM(value: string | null | undefined): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * True when `minutes` (since local midnight) lies in the window [start, end], both ends included. A window whose
 * start is after its end crosses midnight: open at or after start, or at or before end (docs/design.md, part 4).
 */
export function isWithinWindow(minutes: number, start: number, end: number): boolean {
  return start <= end ? minutes >= start && minutes <= end : minutes >= start || minutes <= end;
}

// Building an Intl.DateTimeFormat is far slower than using one, and a list shows many stories per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      month: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Local wall-clock parts of `now` in an IANA time zone (the story's, not the server's). */
export function localTimeParts(now: Date, timeZone: string): { minutes: number; month: number } {
  const parts = formatterFor(timeZone).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: get('hour') * 60 + get('minute'), month: get('month') };
}

const NORTHERN_SEASON_BY_MONTH: readonly Season[] = [
  'winter',
  'winter',
  'spring',
  'spring',
  'spring',
  'summer',
  'summer',
  'summer',
  'autumn',
  'autumn',
  'autumn',
  'winter',
];
const OPPOSITE: Record<Season, Season> = { spring: 'autumn', summer: 'winter', autumn: 'spring', winter: 'summer' };

/**
 * Meteorological season for a month (1-12) at a latitude: March-May is spring in the north and autumn in the
 * south, and so on. The equator counts as north.
 */
export function seasonFor(month: number, latitude: number): Season {
  const northern = NORTHERN_SEASON_BY_MONTH[(month - 1 + 12) % 12]!;
  return latitude >= 0 ? northern : OPPOSITE[northern];
}

export interface LockInput {
  /** Metres from the reader, or null when the reader's location is unknown. */
  distance: number | null;
  /** The story's author always sees it unlocked. */
  isAuthor: boolean;
  now: Date;
  /** IANA time zone of the story's location. */
  timeZone: string;
  /**
   * Current weather at the story; undefined when no WeatherProvider is configured (weather locks shown, not
   * enforced); null when a configured provider failed or timed out (weather locks stay locked: fail closed).
   */
  weather?: Weather | null;
}

export interface LockState {
  isLocked: boolean;
  /**
   * Why the story is locked. A weather restriction that cannot be checked (no provider) is still reported here
   * with `isLocked` false, so clients can show "Unlocks during {weather} weather" without withholding content.
   */
  lockReason: LockReason | null;
}

/** Decides a story's lock for one reader. Distance is checked first, then the time restriction. */
export function evaluateLock(story: LockableStory, input: LockInput): LockState {
  if (input.isAuthor) return { isLocked: false, lockReason: null };
  if (input.distance === null || input.distance > UNLOCK_RADIUS_M) return { isLocked: true, lockReason: 'distance' };

  switch (story.timeRestriction) {
    case 'time_of_day': {
      const start = parseHHMM(story.unlockStartTime);
      const end = parseHHMM(story.unlockEndTime);
      if (start === null || end === null) break;
      const { minutes } = localTimeParts(input.now, input.timeZone);
      return isWithinWindow(minutes, start, end)
        ? { isLocked: false, lockReason: null }
        : { isLocked: true, lockReason: 'time_of_day' };
    }
    case 'season': {
      if (!story.unlockSeason) break;
      const { month } = localTimeParts(input.now, input.timeZone);
      return seasonFor(month, story.latitude) === story.unlockSeason
        ? { isLocked: false, lockReason: null }
        : { isLocked: true, lockReason: 'season' };
    }
    case 'weather': {
      if (!story.unlockWeather) break;
      // No provider configured: shown, not enforced. A configured provider that failed (null): fail closed.
      if (input.weather === undefined) return { isLocked: false, lockReason: 'weather' };
      if (input.weather === null) return { isLocked: true, lockReason: 'weather' };
      return input.weather === story.unlockWeather
        ? { isLocked: false, lockReason: null }
        : { isLocked: true, lockReason: 'weather' };
    }
    case 'none':
      break;
  }
  return { isLocked: false, lockReason: null };
}

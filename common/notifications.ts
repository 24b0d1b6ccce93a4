/**
 * Notifications and smart suggestions (docs/design.md, parts 3, 7, 9; docs/architecture.md, "Notifications"): the pure helpers both sides share — the
 * texts the server writes, the grouping of nearby finds, the time of day the client sends, compass directions and
 * distances in words. The calls' request and answer schemas are notification-schemas.ts (no zod here, so the
 * first screen reads these without the validator: bench/README.md).
 */
import { DISCOVERY_RADIUS_M } from './constants';
import type { TimeOfDay } from './enums';
import { safeDisplayName } from './text';
import { bearingDegrees, type Point } from './geo';
import { say, words, type Words } from './words';

export type { TimeOfDay } from './enums';

/**
 * The last event of a stream that a newer tab of the same user replaced (docs/security.md, "Hardening, third round"): the client closes its
 * EventSource and does not reconnect, so six tabs settle on five streams instead of evicting each other for ever.
 */
export const STREAM_REPLACED_EVENT = 'replaced';

export const NOTIFICATION_LIMITS = {
  /** Default and largest page of GET /api/notifications and /unread. */
  pageDefault: 50,
  pageMax: 100,
  /** At most one grouped story_nearby per user in this window; finds in between join the next group. */
  nearbyGroupIntervalMs: 60 * 60_000,
  /** Read notifications older than this, or beyond the newest `keepPerUser`, are pruned. */
  keepDays: 90,
  keepPerUser: 500,
  /** SSE: heartbeat comment period, Last-Event-ID replay bounds, open streams per user. */
  heartbeatMs: 25_000,
  replayMax: 100,
  replayWindowMs: 24 * 3600_000,
  streamsPerUser: 5,
  /** A stream ends after this long and the client reconnects (docs/security.md, "Hardening, third round"): no connection outlives a day's rules. */
  streamMaxLifetimeMs: 60 * 60_000,
  /** Smart suggestions: how many nearest stories one read looks at, and how far a discovery may be. */
  smartSampleSize: 100,
  discoveryRadiusM: 50_000,
} as const;

// ---------- texts ----------
export const NOTIFICATION_TEXTS = {
  likedTitle: 'New like',
  nearbyTitle: 'New whispers nearby',
  unlockedTitle: 'Story unlocked',
  timeLockedTitle: 'A time lock opened',
  hiddenTitle: 'Story hidden',
} as const;

/** "{display name} liked your story “{title}”" (docs/architecture.md, "Notifications", word for word). */
export const likedWords = (displayName: string, title: string): Words =>
  words('{0} liked your story “{1}”', safeDisplayName(displayName), title);
export const likedMessage = (displayName: string, title: string): string => say(likedWords(displayName, title));

/** "3 new whispers within 1.5 km", "1 new whisper within 1.5 km". */
export const nearbyGroupWords = (count: number): Words =>
  words(
    count === 1 ? '{0} new whisper within {1}' : '{0} new whispers within {1}',
    count,
    distanceWords(DISCOVERY_RADIUS_M),
  );
export const nearbyGroupMessage = (count: number): string => say(nearbyGroupWords(count));

export const unlockedWords = (title: string): Words => words('You unlocked “{0}”. It is yours to read now.', title);

export const timeLockedWords = (title: string): Words =>
  words('“{0}”, which you found locked, can be read now. Come back within 100 m to read it.', title);

// ---------- grouping ----------
/**
 * Whether a grouped story_nearby may be made now: never one before, or the last one at least an hour ago.
 * Stories found while the hour runs stay pending and are counted by the next group.
 */
export function nearbyGroupDue(lastGroupAt: Date | null, now: Date): boolean {
  return lastGroupAt === null || now.getTime() - lastGroupAt.getTime() >= NOTIFICATION_LIMITS.nearbyGroupIntervalMs;
}

// ---------- time of day (docs/design.md, part 7) ----------
/** Before 6 night, before 12 morning, before 18 afternoon, else evening (22:00-24:00 included). */
export function timeOfDayFor(hour: number): TimeOfDay {
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** The time of day an "HH:MM" window start falls in, or null when it is not a time. */
export function timeOfDayOfStart(hhmm: string | null): TimeOfDay | null {
  const match = /^([01]\d|2[0-3]):[0-5]\d$/.exec(hhmm ?? '');
  return match ? timeOfDayFor(Number(match[1])) : null;
}

// ---------- words for places ----------
const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const;
export type CompassDirection = (typeof COMPASS)[number];

/** Initial great-circle bearing from `from` to `to`, as one of eight compass directions. */
export function compassDirection(from: Point, to: Point): CompassDirection {
  return COMPASS[Math.round(bearingDegrees(from, to) / 45) % 8]!;
}

/** "240 m" below a kilometre (to 10 m), else "1.5 km" (one decimal, none from 10 km). */
export const formatDistance = (metres: number): string => say(distanceWords(metres));

/**
 * formatDistance as words: the number is a value, so each language writes it its way, and an Arabic sentence
 * says "١٫٥ كم" rather than a Latin "1.5 km" that right-to-left text would show as "km 1.5".
 */
export function distanceWords(metres: number): Words {
  const tens = Math.max(10, Math.round(metres / 10) * 10);
  if (tens < 1000) return words('{0} m', tens);
  const km = metres / 1000;
  return words('{0} km', km >= 10 ? Math.round(km) : Math.round(km * 10) / 10);
}

/** "The nearest whisper is 3.2 km north-east": where the nearest story is when none is within reach. */
export const nearestWhisperWords = (nearest: { distance: number; direction: Words | string }): Words =>
  words('The nearest whisper is {0} {1}', distanceWords(nearest.distance), nearest.direction);
export const nearestWhisperText = (nearest: { distance: number; direction: string }): string =>
  say(nearestWhisperWords(nearest));

/**
 * The discovery card when nothing is within NOTIFICATION_LIMITS.discoveryRadiusM (its `uncharted` flag lets the
 * home screen say it once: docs/decisions/051-walker-stumbles-fourth-round.md, the signed-out empty list says it).
 */
export const UNCHARTED_TITLE = 'Uncharted territory';
export const unchartedWords = (): Words =>
  words('No whispers within {0}. Leave the first one here.', distanceWords(NOTIFICATION_LIMITS.discoveryRadiusM));

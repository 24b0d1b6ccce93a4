/**
 * Which days' counts an author may see (docs/security.md "Insights count closed days only"): a day is counted in
 * the story's own time zone (from its coordinates, as its time locks are) and its counts are released only once
 * that day has ended there, and RELEASE_AFTER_MS more, so the last buffered counts of the day are written first.
 * Until then the day is not in the answer at all: polling shows nothing move while readers arrive, and a figure
 * from 1 to 2 stays "fewer than 3" for the whole day it belongs to.
 */
import { timeZoneAt } from '../stories';

const DAY_MS = 86_400_000;
/** Longer than any INSIGHTS_FLUSH_MS (at most 30 s) and a failed write's retry. */
const RELEASE_AFTER_MS = 60 * 60_000;

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
}

/** The day `count` days before `day` (calendar arithmetic, no time zone involved). */
function daysBefore(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - count * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The `days` newest released days of a place's time zone, oldest first. `showOpen` (INSIGHTS_TEST_SHOW_OPEN_DAYS,
 * refused outside NODE_ENV=test) ends them with today instead, for browser tests that cannot move the clock.
 */
export function closedDays(days: number, now: number, zone: string, showOpen = false): string[] {
  const newest = showOpen ? localDay(now, zone) : daysBefore(localDay(now - RELEASE_AFTER_MS, zone), 1);
  return Array.from({ length: days }, (_, i) => daysBefore(newest, days - 1 - i));
}

/** The time zone insights count a story's days in. */
export function zoneOf(place: { latitude: number; longitude: number } | null | undefined): string {
  return place ? timeZoneAt(place.latitude, place.longitude) : 'UTC';
}

/**
 * How a story's type, duration and length are shown everywhere (cards, markers, detail, create preview).
 * Kept free of React so the map worker and non-React code can use it too.
 */
import { UNLOCK_RADIUS_M } from '#common/constants';
import type { Story, StoryType } from '#common/schemas';
import { STORY_TYPE_SPECS } from '#common/story-type-specs';
import { timeLockLine } from '#client/lib/i18n/lock-words';
import { storyTypeName } from '#client/lib/i18n/story-words';
import { isTimeLockReason, type LockField } from '#common/lock-kinds';
import { currentLocale, translate } from '#client/lib/i18n/i18n';
import { distanceUnits, formatDate, formatDistanceFor, formatNumber } from '#client/lib/i18n/format';

export function storyTypeIcon(type: StoryType): string {
  return STORY_TYPE_SPECS[type].icon;
}

/** A type's name in the interface's language (client/src/lib/i18n/story-words.ts). */
export function storyTypeLabel(type: StoryType): string {
  return storyTypeName(translate, type);
}

/**
 * What a map marker is called: its title when the page knows it (the nearby list, the reader's own stories), else
 * its kind and category — the marker answer carries no title (decision 025); the card brings it on open.
 */
export function markerName(marker: { title?: string; type: StoryType; category: string }): string {
  if (marker.title) return marker.title;
  const kind = storyTypeLabel(marker.type);
  return marker.category
    ? translate('lib.markerKindCategory', { kind, category: marker.category })
    : translate('lib.markerKind', { kind });
}

/** Seconds as m:ss (e.g. 75 → "1:15"); anything not a finite non-negative number shows as 0:00. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${rest.toString().padStart(2, '0')}`;
}

/**
 * The whole metres shown for a story. Beside a distance lock it never rounds down to the limit or below (issue
 * 23 item 8): a story the server locked at 100.4 m — or at 99 m by a fix the server judged a moment earlier —
 * reads "101 m" with "1 m to go", never "100m" with no amount.
 */
function shownMetres(story: Pick<Story, 'distance' | 'isLocked' | 'lockReason'>): number | null {
  if (typeof story.distance !== 'number' || !Number.isFinite(story.distance)) return null;
  if (story.isLocked && story.lockReason === 'distance')
    return Math.max(UNLOCK_RADIUS_M + 1, Math.ceil(story.distance));
  return Math.max(0, Math.round(story.distance));
}

/**
 * Metres still to walk before a distance lock opens (at least 1); null unless the server locked the story by
 * distance. The lock itself is the server's call (`isLocked`/`lockReason`), never re-decided here.
 */
export function metresToUnlock(story: Pick<Story, 'distance' | 'isLocked' | 'lockReason'>): number | null {
  if (!story.isLocked || story.lockReason !== 'distance') return null;
  const shown = shownMetres(story);
  return shown === null ? null : shown - UNLOCK_RADIUS_M;
}

/**
 * A story's distance as every screen says it — cards, the map, the dialog, AR (docs/decisions/014-phone-round-2.md): whole metres
 * below a kilometre ("14 m"), else kilometres with one decimal ("359.3 km"); `compact` drops the space ("14m").
 */
export function storyDistanceText(
  story: Pick<Story, 'distance' | 'isLocked' | 'lockReason'>,
  options: { compact?: boolean } = {},
): string | null {
  const metres = shownMetres(story);
  if (metres === null) return null;
  // Other languages and miles write the distance their own way (formatDistanceFor).
  if (currentLocale() !== 'en' || distanceUnits() === 'mi') return formatDistanceFor(metres);
  const gap = options.compact ? '' : ' ';
  return metres < 1000 ? `${metres}${gap}m` : `${(metres / 1000).toFixed(1)}${gap}km`;
}

type LockedStory = Pick<
  Story,
  'distance' | 'isLocked' | 'lockReason' | 'lockReasons' | 'timeRestriction' | LockField | 'timeZone'
>;

/** English and kilometres keep the spec's "12 m"; otherwise the reader's own form. */
const spokenDistance = (metres: number) =>
  currentLocale() === 'en' && distanceUnits() === 'km' ? `${metres} m` : formatDistanceFor(metres);

/** "Walk closer to unlock this story (12 m to go)" — always with the amount when the server sent a distance. */
function walkCloserText(story: Pick<Story, 'distance' | 'isLocked' | 'lockReason'>): string {
  const toWalk = metresToUnlock(story);
  return toWalk === null
    ? translate('lib.walkCloser')
    : translate('lib.walkCloserToGo', { distance: spokenDistance(toWalk) });
}

/**
 * One line per rule that holds a story the server locked by distance or time (docs/decisions/014-phone-round-2.md): out of reach
 * AND outside its window says both, so the reader knows the walk alone will not open it. Claim locks (travel,
 * accuracy, budget, no position) are said by ClaimLockLine instead.
 */
export function lockLines(story: LockedStory): string[] {
  if (!story.isLocked) return [];
  const reasons = story.lockReasons?.length ? story.lockReasons : story.lockReason ? [story.lockReason] : [];
  const lines: string[] = [];
  for (const reason of reasons) {
    if (reason === 'distance') lines.push(walkCloserText(story));
    else if (isTimeLockReason(reason)) {
      lines.push(timeLockLine(translate, story) ?? translate('lib.timeLocked'));
    }
  }
  return lines;
}

/** "N words" with the singular for one. */
export function formatWordCount(count: number): string {
  // English writes the count without grouping ("1200 words"), as it always has.
  const n = currentLocale() === 'en' ? String(count) : formatNumber(count);
  return translate('lib.wordCount', { count, n });
}

/** Distance in whole metres, e.g. "350m"; kilometres with one decimal from 1 km ("1.2km"). */
export function formatDistance(metres: number | null | undefined): string | null {
  if (typeof metres !== 'number' || !Number.isFinite(metres)) return null;
  return formatDistanceFor(metres);
}

/** "Today", "Yesterday", "N days ago" within a week, otherwise the locale date (spec: story detail "Created"). */
export function formatCreated(createdAt: string, now: Date = new Date()): string {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return '';
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  // Other readers get only the creation day, as midnight UTC (docs/security.md, "Location: a position is a claim"): read it as a calendar date, or west of
  // Greenwich a story created today would say "Yesterday".
  const dayOnly = created.getTime() % 86_400_000 === 0;
  const createdDay = dayOnly
    ? new Date(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate()).getTime()
    : startOfDay(created);
  const days = Math.round((startOfDay(now) - createdDay) / 86_400_000);
  if (days <= 0) return translate('lib.today');
  if (days === 1) return translate('lib.yesterday');
  if (days < 7) return translate('lib.daysAgo', { count: days });
  return dayOnly ? formatDate(created, { timeZone: 'UTC' }) : formatDate(created);
}

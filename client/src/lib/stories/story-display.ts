/**
 * How a story's type, duration and length are shown everywhere (cards, markers, detail, create preview).
 * Kept free of React so the map worker and non-React code can use it too.
 */
import { UNLOCK_RADIUS_M } from '#common/constants';
import type { Story, StoryType } from '#common/schemas';
import { STORY_TYPE_LABEL } from '#common/story-types';

const STORY_TYPE_ICON: Record<StoryType, string> = {
  audio: '🎵',
  image: '📷',
  video: '🎬',
  text: '📝',
  tiktok: '🎪',
};

export function storyTypeIcon(type: StoryType): string {
  return STORY_TYPE_ICON[type];
}

export function storyTypeLabel(type: StoryType): string {
  return STORY_TYPE_LABEL[type];
}

/** Seconds as m:ss (e.g. 75 → "1:15"); anything not a finite non-negative number shows as 0:00. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${rest.toString().padStart(2, '0')}`;
}

/**
 * Metres still to walk before a distance lock opens (distance − 100 m); null unless the server locked the story
 * by distance. The lock itself is the server's call (`isLocked`/`lockReason`), never re-decided here.
 */
export function metresToUnlock(story: Pick<Story, 'distance' | 'isLocked' | 'lockReason'>): number | null {
  if (!story.isLocked || story.lockReason !== 'distance' || typeof story.distance !== 'number') return null;
  const rest = Math.ceil(story.distance - UNLOCK_RADIUS_M);
  return rest > 0 ? rest : null;
}

/** "N words" with the singular for one. */
export function formatWordCount(count: number): string {
  return `${count} ${count === 1 ? 'word' : 'words'}`;
}

/** Distance in whole metres, e.g. "350m"; kilometres with one decimal from 1 km ("1.2km"). */
export function formatDistance(metres: number | null | undefined): string | null {
  if (typeof metres !== 'number' || !Number.isFinite(metres)) return null;
  if (metres >= 1000) return `${(metres / 1000).toFixed(1)}km`;
  return `${Math.round(metres)}m`;
}

/** "Today", "Yesterday", "N days ago" within a week, otherwise the locale date (spec: story detail "Created"). */
export function formatCreated(createdAt: string, now: Date = new Date()): string {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return '';
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  // Other readers get only the creation day, as midnight UTC (issue 13): read it as a calendar date, or west of
  // Greenwich a story created today would say "Yesterday".
  const dayOnly = created.getTime() % 86_400_000 === 0;
  const createdDay = dayOnly
    ? new Date(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate()).getTime()
    : startOfDay(created);
  const days = Math.round((startOfDay(now) - createdDay) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return dayOnly ? created.toLocaleDateString(undefined, { timeZone: 'UTC' }) : created.toLocaleDateString();
}

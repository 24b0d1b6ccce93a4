import { UNLOCK_RADIUS_M } from '#common/constants';
import type { Story } from '#common/schemas';

/** Spec section 4: locked when the server says so, or when the distance is known and over 100 m. */
export function isStoryLocked(story: Pick<Story, 'isLocked' | 'distance'>): boolean {
  return story.isLocked || (typeof story.distance === 'number' && story.distance > UNLOCK_RADIUS_M);
}

/** Metres still to walk before a distance lock opens (distance − 100 m), or null when not distance-locked. */
export function metresToUnlock(story: Pick<Story, 'distance'>): number | null {
  if (typeof story.distance !== 'number') return null;
  const rest = Math.ceil(story.distance - UNLOCK_RADIUS_M);
  return rest > 0 ? rest : null;
}

const SEASON_LABEL: Record<string, string> = { spring: 'spring', summer: 'summer', autumn: 'autumn', winter: 'winter' };

/** One line describing a story's time lock, e.g. "Unlocks 18:00 - 06:00", or null without one. */
export function timeLockText(story: Pick<Story, 'timeRestriction' | 'unlockStartTime' | 'unlockEndTime' | 'unlockSeason' | 'unlockWeather'>): string | null {
  switch (story.timeRestriction) {
    case 'time_of_day':
      return story.unlockStartTime && story.unlockEndTime
        ? `Unlocks ${story.unlockStartTime} - ${story.unlockEndTime}`
        : 'Unlocks at a certain time of day';
    case 'season':
      return story.unlockSeason ? `Available in ${SEASON_LABEL[story.unlockSeason] ?? story.unlockSeason}` : 'Available in a certain season';
    case 'weather':
      return story.unlockWeather ? `Unlocks during ${story.unlockWeather} weather` : 'Unlocks during certain weather';
    default:
      return null;
  }
}

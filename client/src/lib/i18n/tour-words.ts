/**
 * The tour sentences of common/tours.ts in the interface's language; English word for word as common/ says them
 * (tour-words.test.ts).
 */
import type { Translate } from './use-t';

/** "3 of 7 found" (`tourProgressText`). */
export const tourProgress = (t: Translate, found: number, total: number): string =>
  t('tours.progress', { found, total });

/** "Stop 4 of 7" (`tourStopText`). */
export const tourStop = (t: Translate, position: number, total: number): string =>
  t('tours.stopOf', { position, total });

/** "Tour complete" (`TOUR_COMPLETE`). */
export const tourComplete = (t: Translate): string => t('tours.complete');

/** "2.4 km · 32 min walk", "800 m · 1 h 5 min walk" (`tourLengthText`). */
export function tourLength(t: Translate, lengthM: number, walkingMinutes: number): string {
  const length =
    lengthM < 1000
      ? t('tours.lengthMetres', { metres: lengthM })
      : t('tours.lengthKm', { km: (lengthM / 1000).toFixed(1) });
  const time =
    walkingMinutes < 60
      ? t('tours.minutes', { minutes: walkingMinutes })
      : t('tours.hoursMinutes', { hours: Math.floor(walkingMinutes / 60), minutes: walkingMinutes % 60 });
  return t('tours.lengthWalk', { length, time });
}

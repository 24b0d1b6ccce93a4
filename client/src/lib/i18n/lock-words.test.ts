import { afterEach, describe, expect, it } from 'vitest';
import { DISCOVERY_STATUS_LEGEND, discoveryStatus, type DiscoveryStatusStory } from '#common/discovery-status';
import { nearPlaceText } from '#common/discovery-text';
import { SEASONS, WEATHERS } from '#common/enums';
import { timeLockText, type TimeLockFields } from '#common/time-lock-text';
import { activateLocale, translate } from './i18n';
import { legendLabel, nearPlace, statusLine, timeLockLine } from './lock-words';

const NO_LOCK = { unlockStartTime: null, unlockEndTime: null, unlockSeason: null, unlockWeather: null };
type Lock = TimeLockFields & { timeZone?: string | null };

/** Every lock a story can carry: each kind, complete or missing its value, with and without a clock to name. */
function locks(): Lock[] {
  const all: Lock[] = [{ ...NO_LOCK, timeRestriction: 'none' }];
  for (const timeZone of [undefined, null, 'America/New_York', 'Europe/Rome', 'UTC', 'Etc/GMT-5', 'Mars/Olympus_Mons'])
    all.push(
      { ...NO_LOCK, timeRestriction: 'time_of_day', unlockStartTime: '14:00', unlockEndTime: '16:00', timeZone },
      { ...NO_LOCK, timeRestriction: 'time_of_day', unlockStartTime: '14:00', timeZone },
    );
  for (const unlockSeason of [...SEASONS, null]) all.push({ ...NO_LOCK, timeRestriction: 'season', unlockSeason });
  for (const unlockWeather of [...WEATHERS, null]) all.push({ ...NO_LOCK, timeRestriction: 'weather', unlockWeather });
  return all;
}

describe('time-lock words in the interface language', () => {
  afterEach(() => activateLocale('en'));

  it('say in English exactly what common/ says (the spec’s words)', async () => {
    await activateLocale('en');
    for (const lock of locks()) {
      expect(timeLockLine(translate, lock), JSON.stringify(lock)).toBe(timeLockText(lock));
      for (const isLocked of [true, false])
        for (const minutes of [null, 14 * 60 + 30, 20 * 60]) {
          const story = { ...lock, isLocked, lockReason: isLocked ? 'distance' : null } as DiscoveryStatusStory & Lock;
          const status = discoveryStatus(story, minutes);
          expect(statusLine(translate, story, status), JSON.stringify([lock, isLocked, minutes])).toBe(status.text);
        }
    }
    for (const { colour, label } of DISCOVERY_STATUS_LEGEND) expect(legendLabel(translate, colour)).toBe(label);
    expect(nearPlace(translate, 'Savannah, Georgia')).toBe(nearPlaceText('Savannah, Georgia'));
  });

  it('says them in Spanish and Arabic, the stored codes translated', async () => {
    await activateLocale('es');
    expect(timeLockLine(translate, { ...NO_LOCK, timeRestriction: 'season', unlockSeason: 'autumn' })).toBe(
      'Disponible en otoño',
    );
    expect(
      timeLockLine(translate, {
        ...NO_LOCK,
        timeRestriction: 'time_of_day',
        unlockStartTime: '14:00',
        unlockEndTime: '16:00',
        timeZone: 'Mars/Olympus_Mons',
      }),
    ).toBe('Se desbloquea de 14:00 - 16:00 (hora de Olympus Mons)');
    expect(nearPlace(translate, 'Claxton, Georgia')).toBe('cerca de Claxton, Georgia');
    await activateLocale('ar');
    expect(timeLockLine(translate, { ...NO_LOCK, timeRestriction: 'weather', unlockWeather: 'rainy' })).toBe(
      'تُفتح في الطقس الممطر',
    );
    expect(legendLabel(translate, 'green')).toBe('مفتوحة: متاحة لك الآن');
  });
});

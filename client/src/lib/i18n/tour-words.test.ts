import { afterEach, describe, expect, it } from 'vitest';
import { TOUR_COMPLETE, tourLengthText, tourProgressText, tourStopText } from '#common/tours';
import { activateLocale, translate } from './i18n';
import { tourComplete, tourLength, tourProgress, tourStop } from './tour-words';

describe('tour words in the interface language', () => {
  afterEach(() => activateLocale('en'));

  it('say in English exactly what common/tours.ts says', async () => {
    await activateLocale('en');
    for (const lengthM of [0, 240, 999, 1000, 2_449, 12_345])
      for (const minutes of [1, 32, 59, 60, 65, 135])
        expect(tourLength(translate, lengthM, minutes)).toBe(tourLengthText(lengthM, minutes));
    expect(tourProgress(translate, 3, 7)).toBe(tourProgressText(3, 7));
    expect(tourStop(translate, 4, 7)).toBe(tourStopText(4, 7));
    expect(tourComplete(translate)).toBe(TOUR_COMPLETE);
  });

  it('says them in Spanish and Arabic', async () => {
    await activateLocale('es');
    expect(tourLength(translate, 2_449, 32)).toBe('2.4 km · 32 min a pie');
    expect(tourStop(translate, 4, 7)).toBe('Parada 4 de 7');
    await activateLocale('ar');
    expect(tourComplete(translate)).toBe('اكتملت الجولة');
  });
});

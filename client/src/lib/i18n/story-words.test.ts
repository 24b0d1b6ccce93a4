import { afterEach, describe, expect, it } from 'vitest';
import { STORY_TYPES } from '#common/enums';
import { STORY_TYPE_LABEL } from '#common/story-type-specs';
import { lockedTracesLine, traceCountLine } from '#common/traces';
import { activateLocale, translate } from './i18n';
import { lockedTraces, storyTypeName, traceCount } from './story-words';

describe('story words in the interface language', () => {
  afterEach(() => activateLocale('en'));

  it('say in English exactly what common/ says', async () => {
    await activateLocale('en');
    for (const type of STORY_TYPES) expect(storyTypeName(translate, type)).toBe(STORY_TYPE_LABEL[type]);
    for (const count of [0, 1, 2, 5, 12, 999]) {
      expect(traceCount(translate, count)).toBe(traceCountLine(count));
      expect(lockedTraces(translate, count)).toBe(lockedTracesLine(count));
    }
  });

  it('says them in Spanish and Arabic, with Arabic’s plural forms', async () => {
    await activateLocale('es');
    expect(storyTypeName(translate, 'image')).toBe('Imagen');
    expect(traceCount(translate, 1)).toBe('1 huella');
    await activateLocale('ar');
    expect(traceCount(translate, 2)).toBe('أثران');
    expect(storyTypeName(translate, 'text')).toBe('نص');
  });
});

import { describe, expect, it } from 'vitest';
import { offsetNorth } from '#common/geo';
import { EMPTY_DRAFT, switchType } from './draft';
import { draftMediaBytes, farFromDraftText, resumedPin, waitingDraftText } from './offline-draft';

const FIX = { latitude: 32.0835, longitude: -81.0998 };

describe('offline drafts', () => {
  it('counts only the media the draft’s type sends', () => {
    const audio = {
      ...EMPTY_DRAFT,
      type: 'audio' as const,
      audio: { blob: new Blob([new Uint8Array(3000)]), duration: 3 },
    };
    expect(draftMediaBytes(audio)).toBe(3000);
    expect(draftMediaBytes(switchType(audio, 'text'))).toBe(0);
    const image = {
      ...EMPTY_DRAFT,
      type: 'image' as const,
      image: new File([new Uint8Array(1234)], 'a.png', { type: 'image/png' }),
    };
    expect(draftMediaBytes(image)).toBe(1234);
  });

  it('keeps the saved pin only within the 200 m a pin may move from a fresh position', () => {
    const pin = offsetNorth(FIX, 150);
    expect(resumedPin(pin, FIX)).toEqual(pin);
    expect(resumedPin(offsetNorth(FIX, 250), FIX)).toBeNull();
    expect(farFromDraftText(offsetNorth(FIX, 250), FIX)).toMatch(
      /^You saved this draft 250 m from here\. Go back within 200 m/,
    );
  });

  it('names the waiting draft and when it was saved', () => {
    expect(waitingDraftText('Ferry Bell', new Date(2026, 10, 25, 14, 2).getTime())).toBe(
      'A draft is waiting: “Ferry Bell”, saved at 14:02.',
    );
  });
});

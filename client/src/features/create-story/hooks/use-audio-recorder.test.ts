import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIC_ERRORS, micErrorMessage, preferredMimeType } from './use-audio-recorder';

describe('micErrorMessage (spec section 8)', () => {
  it('maps getUserMedia failures to the spec texts', () => {
    expect(micErrorMessage(new DOMException('no', 'NotAllowedError'))).toBe(
      'Microphone access denied. Please allow microphone permissions and try again.',
    );
    expect(micErrorMessage(new DOMException('none', 'NotFoundError'))).toBe(
      'No microphone found. Please connect a microphone and try again.',
    );
    expect(micErrorMessage(new DOMException('busy', 'NotReadableError'))).toBe(MIC_ERRORS.failed);
    expect(micErrorMessage('weird')).toBe('Failed to start recording. Please check your microphone settings.');
  });
});

describe('preferredMimeType (spec section 9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('prefers webm/opus, then mp4, then ogg', () => {
    const supported = new Set(['audio/mp4', 'audio/ogg']);
    vi.stubGlobal('MediaRecorder', { isTypeSupported: (type: string) => supported.has(type) });
    expect(preferredMimeType()).toBe('audio/mp4');
    supported.add('audio/webm;codecs=opus');
    expect(preferredMimeType()).toBe('audio/webm;codecs=opus');
    supported.clear();
    supported.add('audio/ogg');
    expect(preferredMimeType()).toBe('audio/ogg');
    supported.clear();
    expect(preferredMimeType()).toBeUndefined();
  });

  it('lets the browser choose when MediaRecorder is missing', () => {
    vi.stubGlobal('MediaRecorder', undefined);
    expect(preferredMimeType()).toBeUndefined();
  });
});

/**
 * Walk mode: one tap starts it (the gesture that lets audio play later). While on, the screen is kept awake, the
 * position is watched with high accuracy and sent at most every 5 s after 10 m of movement, and the story within
 * reach that the SERVER's answer shows unlocked is the card; an audio story plays once by itself (walk mode plays,
 * it never unlocks: docs/decisions/016-walk-mode-and-tours.md). Stories found earlier step aside into "Found on this
 * walk" (docs/decisions/042-walk-card-follows-reach.md). The audio keeps playing after the walker leaves reach;
 * Media Session drives the lock screen. Ends by itself after 60 minutes without movement.
 *
 * This hook is the page's side: the state, and what must happen inside the tap. The engine that does the rest
 * (../lib/walk-engine.ts) loads on the first tap: most visits never walk.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Story } from '#common/schemas';
import type { WalkEngine } from '../lib/walk-engine';
import { IDLE_WALK, type WalkState } from '../lib/walk-state';

/** 10 ms of silence (8 kHz, 8-bit WAV): played in the tap, it unlocks the one audio element every story reuses. */
const SILENCE =
  'data:audio/wav;base64,UklGRnQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YVAAAACAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgA==';

/**
 * Browsers with the strictest rule (iOS Safari; Chromium's `--autoplay-policy=user-gesture-required`) let a media
 * element play without a gesture only once it has played inside one: the element is primed here, in the tap, and
 * the walk sets each audio story on this same element.
 */
function primeAudio(audio: HTMLAudioElement) {
  if (audio.dataset.primed) return;
  audio.dataset.primed = 'true';
  audio.src = SILENCE;
  audio.play().then(
    () => {
      if (audio.src === SILENCE) audio.pause();
    },
    () => delete audio.dataset.primed,
  );
}

export function useWalkMode(options: { userId: string | null; onUnlocked?: (stories: Story[]) => void }) {
  const [state, setState] = useState<WalkState>(IDLE_WALK);
  const queryClient = useQueryClient();
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const audioContext = useRef<AudioContext | null>(null);
  const engine = useRef<Promise<WalkEngine> | null>(null);
  const unmounted = useRef(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const start = () => {
    // Made inside the tap: browsers let both play later without another gesture.
    const AudioContextClass =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    audioContext.current ??= AudioContextClass ? new AudioContextClass() : null;
    void audioContext.current?.resume().catch(() => undefined);
    const audio = (audioRef.current ??= new Audio());
    primeAudio(audio);
    engine.current ??= import('../lib/walk-engine').then(({ createWalkEngine }) =>
      createWalkEngine({
        queryClient,
        setState,
        options: () => optionsRef.current,
        audio,
        audioContext: audioContext.current,
      }),
    );
    void engine.current.then((walk) => {
      if (!unmounted.current) walk.start();
    });
  };
  // Before the first tap there is no engine, hence nothing to stop or skip.
  const stop = (notice: string | null = null) => void engine.current?.then((walk) => walk.stop(notice));
  const next = () => void engine.current?.then((walk) => walk.next());

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      void engine.current?.then((walk) => walk.stop());
    };
  }, []);

  return { ...state, start, stop, next, dismiss: next, audio: audioRef };
}

/** What `useWalkMode` gives its page: the state and its actions. */
export type Walk = ReturnType<typeof useWalkMode>;

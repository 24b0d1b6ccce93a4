/**
 * Walk mode (issue 25): one tap starts it (the gesture that lets audio play later). While on, the screen is kept
 * awake, the position is watched with high accuracy and sent at most every 5 s after 10 m of movement, and each
 * story the SERVER's answer shows unlocked for the first time in this walk chimes, vibrates, shows its card and,
 * for audio, plays once (DESIGN.md decision 17: walk mode plays, it never unlocks). Several at once: nearest
 * first, the rest queued. The audio keeps playing after the walker leaves reach; Media Session drives the lock
 * screen. Ends by itself after 60 minutes without movement.
 *
 * This hook is the page's side: the state, and what must happen inside the tap. The engine that does the rest
 * (../lib/walk-engine.ts) loads on the first tap: most visits never walk (issue 28: JavaScript before idle).
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Point } from '#common/geo';
import type { Story } from '#common/schemas';
import type { WalkEngine } from '../lib/walk-engine';

export interface WalkState {
  active: boolean;
  /** The story on the bottom card, and the ones queued behind it. */
  current: Story | null;
  queue: Story[];
  /** The walker's latest position and the last answer (for the compass line). */
  position: Point | null;
  /**
   * The last position sent to the server, and its accuracy: at most one every 5 s, 10 m apart. The home screen's
   * own reads follow it while walking, and share this very answer (the same query key).
   */
  sent: { at: Point; accuracy: number | null } | null;
  stories: Story[];
  /** A line about the screen wake lock (unsupported), or why the walk ended. */
  notice: string | null;
}

export function useWalkMode(options: { userId: string | null; onUnlocked?: (stories: Story[]) => void }) {
  const [state, setState] = useState<WalkState>({ active: false, current: null, queue: [], position: null, sent: null, stories: [], notice: null });
  const queryClient = useQueryClient();
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const audioContext = useRef<AudioContext | null>(null);
  const engine = useRef<Promise<WalkEngine> | null>(null);
  const unmounted = useRef(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const start = () => {
    // Made inside the tap: browsers let both play later without another gesture.
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    audioContext.current ??= AudioContextClass ? new AudioContextClass() : null;
    void audioContext.current?.resume().catch(() => undefined);
    const audio = (audioRef.current ??= new Audio());
    engine.current ??= import('../lib/walk-engine').then(({ createWalkEngine }) =>
      createWalkEngine({ queryClient, setState, options: () => optionsRef.current, audio, audioContext: audioContext.current }),
    );
    void engine.current.then((walk) => {
      if (!unmounted.current) walk.start();
    });
  };
  // Before the first tap there is no engine, hence nothing to stop or skip.
  const stop = () => void engine.current?.then((walk) => walk.stop());
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

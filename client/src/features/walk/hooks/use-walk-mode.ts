/**
 * Walk mode (issue 25): one tap starts it (the gesture that lets audio play later). While on, the screen is kept
 * awake, the position is watched with high accuracy and sent at most every 5 s after 10 m of movement, and each
 * story the SERVER's answer shows unlocked for the first time in this walk chimes, vibrates, shows its card and,
 * for audio, plays once (DESIGN.md decision 17: walk mode plays, it never unlocks). Several at once: nearest
 * first, the rest queued. The audio keeps playing after the walker leaves reach; Media Session drives the lock
 * screen. Ends by itself after 60 minutes without movement.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Point } from '#common/geo';
import type { Story } from '#common/schemas';
import { discoverableStoriesQuery } from '#client/lib/stories/get-discoverable-stories';
import { newlyUnlocked, shouldSend, WALK, WALK_TEXTS } from '../lib/walk-rules';

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

const ARTWORK_FALLBACK = '/og-image.png';

/** A short two-note chime through Web Audio (the context was made in the tap that started the walk). */
function chime(context: AudioContext | null) {
  if (!context) return;
  const now = context.currentTime;
  for (const [i, frequency] of [880, 1320].entries()) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.25, now + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.5);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + i * 0.18);
    oscillator.stop(now + i * 0.18 + 0.55);
  }
}

export function useWalkMode(options: { userId: string | null; onUnlocked?: (stories: Story[]) => void }) {
  const [state, setState] = useState<WalkState>({ active: false, current: null, queue: [], position: null, sent: null, stories: [], notice: null });
  const queryClient = useQueryClient();
  const walk = useRef<{
    watchId: number | null;
    lastSent: { at: Point; time: number } | null;
    lastMovedAt: number;
    latest: Point | null;
    latestAccuracy: number | null;
    pending: ReturnType<typeof setTimeout> | null;
    idleTimer: ReturnType<typeof setInterval> | null;
    announced: Set<string>;
    played: Set<string>;
    wakeLock: WakeLockSentinel | null;
    audioContext: AudioContext | null;
    active: boolean;
  }>({
    watchId: null,
    lastSent: null,
    lastMovedAt: 0,
    latest: null,
    latestAccuracy: null,
    pending: null,
    idleTimer: null,
    announced: new Set(),
    played: new Set(),
    wakeLock: null,
    audioContext: null,
    active: false,
  });
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const requestWakeLock = useCallback(async () => {
    if (!('wakeLock' in navigator) || !navigator.wakeLock) {
      setState((s) => ({ ...s, notice: WALK_TEXTS.noWakeLock }));
      return;
    }
    try {
      walk.current.wakeLock = await navigator.wakeLock.request('screen');
    } catch {
      setState((s) => ({ ...s, notice: WALK_TEXTS.noWakeLock }));
    }
  }, []);

  /** Plays an audio story once per walk, with lock-screen metadata and controls. */
  const present = useCallback((story: Story | null) => {
    if (!story) return;
    if ('mediaSession' in navigator && typeof MediaMetadata !== 'undefined') {
      const artwork = story.imageUrl ?? story.thumbnailUrl ?? ARTWORK_FALLBACK;
      navigator.mediaSession.metadata = new MediaMetadata({
        title: story.title,
        artist: story.author.displayName ?? 'Anonymous',
        album: `Whispers · ${story.category}`,
        artwork: [{ src: artwork, sizes: '512x512' }],
      });
    }
    const audio = audioRef.current;
    if (story.type === 'audio' && story.audioUrl && audio && !walk.current.played.has(story.id)) {
      walk.current.played.add(story.id);
      audio.src = story.audioUrl;
      audio.play().catch(() => {
        // Autoplay refused (no gesture yet): the card's own player still plays it on a tap.
      });
    }
  }, []);

  const next = useCallback(() => {
    setState((s) => {
      const [following, ...rest] = s.queue;
      const current = following ?? null;
      queueMicrotask(() => present(current));
      return { ...s, current, queue: rest };
    });
  }, [present]);

  const send = useCallback(async () => {
    const w = walk.current;
    if (!w.active || !w.latest) return;
    const at = w.latest;
    const accuracy = w.latestAccuracy;
    w.lastSent = { at, time: Date.now() };
    // Through the query cache, started before the home screen follows `sent`: one request serves both.
    const answer = queryClient.fetchQuery({ ...discoverableStoriesQuery(at, { known: true, accuracy }), staleTime: 0 });
    setState((s) => ({ ...s, sent: { at, accuracy } }));
    let stories: Story[];
    try {
      stories = await answer;
    } catch {
      return; // a lost answer: the next movement asks again
    }
    if (!w.active) return;
    const fresh = newlyUnlocked(stories, w.announced, optionsRef.current.userId);
    for (const story of fresh) w.announced.add(story.id);
    if (fresh.length > 0) {
      chime(w.audioContext);
      navigator.vibrate?.([120, 60, 120]);
      optionsRef.current.onUnlocked?.(fresh);
    }
    setState((s) => {
      if (fresh.length === 0) return { ...s, stories };
      if (s.current) return { ...s, stories, queue: [...s.queue, ...fresh] };
      const [first, ...rest] = fresh;
      queueMicrotask(() => present(first ?? null));
      return { ...s, stories, current: first ?? null, queue: [...s.queue, ...rest] };
    });
  }, [present, queryClient]);

  const stop = useCallback((notice: string | null = null) => {
    const w = walk.current;
    w.active = false;
    if (w.watchId !== null) navigator.geolocation?.clearWatch(w.watchId);
    if (w.pending) clearTimeout(w.pending);
    if (w.idleTimer) clearInterval(w.idleTimer);
    w.watchId = null;
    w.pending = null;
    w.idleTimer = null;
    void w.wakeLock?.release().catch(() => undefined);
    w.wakeLock = null;
    // The audio is left to finish: ending walk mode never cuts a story mid-sentence.
    setState((s) => ({ ...s, active: false, queue: [], notice }));
  }, []);

  const start = useCallback(() => {
    const w = walk.current;
    if (w.active) return;
    if (!navigator.geolocation) {
      setState((s) => ({ ...s, notice: WALK_TEXTS.noLocation }));
      return;
    }
    w.active = true;
    w.lastSent = null;
    w.lastMovedAt = Date.now();
    w.announced = new Set();
    w.played = new Set();
    // Made inside the tap: browsers let both play later without another gesture.
    const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    w.audioContext ??= AudioContextClass ? new AudioContextClass() : null;
    void w.audioContext?.resume().catch(() => undefined);
    if (!audioRef.current) audioRef.current = new Audio();
    audioRef.current.preload = 'auto';
    setState({ active: true, current: null, queue: [], position: null, sent: null, stories: [], notice: null });
    void requestWakeLock();

    const onFix = (position: GeolocationPosition) => {
      if (!w.active) return;
      const at = { latitude: position.coords.latitude, longitude: position.coords.longitude };
      const now = Date.now();
      w.latestAccuracy = Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null;
      const decision = shouldSend(w.lastSent, at, now);
      if (decision !== 'no') {
        w.lastMovedAt = now;
        w.latest = at;
        setState((s) => ({ ...s, position: at }));
      }
      if (decision === 'now') {
        if (w.pending) clearTimeout(w.pending);
        w.pending = null;
        void send();
      } else if (decision === 'later' && !w.pending) {
        w.pending = setTimeout(() => {
          w.pending = null;
          void send();
        }, WALK.sendEveryMs - (now - (w.lastSent?.time ?? now)));
      }
    };
    // Only a refusal ends the walk; a fix that is briefly unavailable or late is waited out.
    const onError = (error: GeolocationPositionError) => {
      if (error.code === error.PERMISSION_DENIED) stop(WALK_TEXTS.noLocation);
    };
    const highAccuracy = { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 };
    w.watchId = navigator.geolocation.watchPosition(onFix, onError, highAccuracy);
    // A new watch may wait for the next movement before its first fix: the current one starts the walk at once.
    navigator.geolocation.getCurrentPosition(onFix, onError, { ...highAccuracy, maximumAge: 30_000 });
    w.idleTimer = setInterval(() => {
      if (Date.now() - w.lastMovedAt >= WALK.idleEndMs) stop(WALK_TEXTS.idleEnded);
    }, 60_000);
  }, [requestWakeLock, send, stop]);

  // The wake lock is dropped when the page is hidden: take it again when it is visible.
  useEffect(() => {
    const onVisible = () => {
      if (walk.current.active && document.visibilityState === 'visible') void requestWakeLock();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [requestWakeLock]);

  // Lock-screen controls: play/pause/seek on the walk's audio, "next" to the next queued story.
  useEffect(() => {
    if (!state.active || !('mediaSession' in navigator)) return;
    const audio = () => audioRef.current;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void audio()?.play()],
      ['pause', () => audio()?.pause()],
      ['seekbackward', (d) => { const a = audio(); if (a) a.currentTime = Math.max(0, a.currentTime - (d.seekOffset ?? 15)); }],
      ['seekforward', (d) => { const a = audio(); if (a) a.currentTime += d.seekOffset ?? 15; }],
      ['seekto', (d) => { const a = audio(); if (a && d.seekTime !== undefined) a.currentTime = d.seekTime; }],
      ['nexttrack', () => next()],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // an action this browser does not know
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          navigator.mediaSession.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
    };
  }, [state.active, next]);

  useEffect(() => () => stop(), [stop]);

  return { ...state, start, stop: () => stop(), next, dismiss: () => next(), audio: audioRef };
}

/** What `useWalkMode` gives its page: the state and its actions. */
export type Walk = ReturnType<typeof useWalkMode>;

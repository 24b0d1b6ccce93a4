/**
 * Walk mode's engine (issue 25), loaded by the first tap of the walk toggle rather than with the page (issue 28):
 * it watches the position with high accuracy, sends it at most every 5 s after 10 m of movement, and presents each
 * story the SERVER's answer shows unlocked for the first time in this walk (chime, vibration, card, audio once),
 * nearest first, the rest queued (DESIGN.md decision 17: walk mode plays, it never unlocks). It keeps the screen
 * awake, drives the lock screen through Media Session, and ends by itself after 60 minutes without movement.
 * What must happen inside the tap (the AudioContext, the audio element) is made by `useWalkMode` and handed in.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Point } from '#common/geo';
import type { Story } from '#common/schemas';
import { discoverableStoriesQuery } from '#client/lib/stories/get-discoverable-stories';
import { newlyUnlocked, shouldSend, WALK, WALK_TEXTS } from './walk-rules';
import type { WalkState } from '../hooks/use-walk-mode';

const ARTWORK_FALLBACK = '/og-image.png';

export interface WalkEngineDeps {
  queryClient: QueryClient;
  setState: Dispatch<SetStateAction<WalkState>>;
  /** The page's latest options (the reader, the unlock callback). */
  options: () => { userId: string | null; onUnlocked?: (stories: Story[]) => void };
  /** Made in the tap that started the walk: browsers let both play later without another gesture. */
  audio: HTMLAudioElement;
  audioContext: AudioContext | null;
}

export type WalkEngine = ReturnType<typeof createWalkEngine>;

/** A short two-note chime through Web Audio. */
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

export function createWalkEngine({ queryClient, setState, options, audio, audioContext }: WalkEngineDeps) {
  const w = {
    watchId: null as number | null,
    lastSent: null as { at: Point; time: number } | null,
    lastMovedAt: 0,
    latest: null as Point | null,
    latestAccuracy: null as number | null,
    pending: null as ReturnType<typeof setTimeout> | null,
    idleTimer: null as ReturnType<typeof setInterval> | null,
    announced: new Set<string>(),
    played: new Set<string>(),
    wakeLock: null as WakeLockSentinel | null,
    active: false,
  };

  async function requestWakeLock() {
    if (!('wakeLock' in navigator) || !navigator.wakeLock) {
      setState((s) => ({ ...s, notice: WALK_TEXTS.noWakeLock }));
      return;
    }
    try {
      w.wakeLock = await navigator.wakeLock.request('screen');
    } catch {
      setState((s) => ({ ...s, notice: WALK_TEXTS.noWakeLock }));
    }
  }

  // The wake lock is dropped when the page is hidden: take it again when it is visible.
  function onVisible() {
    if (w.active && document.visibilityState === 'visible') void requestWakeLock();
  }

  /** Plays an audio story once per walk, with lock-screen metadata and controls. */
  function present(story: Story | null) {
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
    if (story.type === 'audio' && story.audioUrl && !w.played.has(story.id)) {
      w.played.add(story.id);
      audio.src = story.audioUrl;
      audio.play().catch(() => {
        // Autoplay refused (no gesture yet): the card's own player still plays it on a tap.
      });
    }
  }

  function next() {
    setState((s) => {
      const [following, ...rest] = s.queue;
      const current = following ?? null;
      queueMicrotask(() => present(current));
      return { ...s, current, queue: rest };
    });
  }

  // Lock-screen controls: play/pause/seek on the walk's audio, "next" to the next queued story.
  const mediaHandlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => void audio.play()],
    ['pause', () => audio.pause()],
    ['seekbackward', (d) => { audio.currentTime = Math.max(0, audio.currentTime - (d.seekOffset ?? 15)); }],
    ['seekforward', (d) => { audio.currentTime += d.seekOffset ?? 15; }],
    ['seekto', (d) => { if (d.seekTime !== undefined) audio.currentTime = d.seekTime; }],
    ['nexttrack', () => next()],
  ];
  function setMediaHandlers(on: boolean) {
    if (!('mediaSession' in navigator)) return;
    for (const [action, handler] of mediaHandlers) {
      try {
        navigator.mediaSession.setActionHandler(action, on ? handler : null);
      } catch {
        // an action this browser does not know
      }
    }
  }

  async function send() {
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
    const fresh = newlyUnlocked(stories, w.announced, options().userId);
    for (const story of fresh) w.announced.add(story.id);
    if (fresh.length > 0) {
      chime(audioContext);
      navigator.vibrate?.([120, 60, 120]);
      options().onUnlocked?.(fresh);
    }
    setState((s) => {
      if (fresh.length === 0) return { ...s, stories };
      if (s.current) return { ...s, stories, queue: [...s.queue, ...fresh] };
      const [first, ...rest] = fresh;
      queueMicrotask(() => present(first ?? null));
      return { ...s, stories, current: first ?? null, queue: [...s.queue, ...rest] };
    });
  }

  function stop(notice: string | null = null) {
    const wasActive = w.active;
    w.active = false;
    if (w.watchId !== null) navigator.geolocation?.clearWatch(w.watchId);
    if (w.pending) clearTimeout(w.pending);
    if (w.idleTimer) clearInterval(w.idleTimer);
    w.watchId = null;
    w.pending = null;
    w.idleTimer = null;
    void w.wakeLock?.release().catch(() => undefined);
    w.wakeLock = null;
    document.removeEventListener('visibilitychange', onVisible);
    if (wasActive) setMediaHandlers(false);
    // The audio is left to finish: ending walk mode never cuts a story mid-sentence.
    setState((s) => ({ ...s, active: false, queue: [], notice }));
  }

  function start() {
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
    audio.preload = 'auto';
    setState({ active: true, current: null, queue: [], position: null, sent: null, stories: [], notice: null });
    void requestWakeLock();
    document.addEventListener('visibilitychange', onVisible);
    setMediaHandlers(true);

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
  }

  return { start, stop, next };
}

/**
 * Walk mode's engine, loaded by the first tap of the walk toggle rather than with the page: it watches the position
 * with high accuracy, sends it at most every 5 s after 10 m of movement, and presents each story within reach that
 * the SERVER's answer shows unlocked (walk mode plays, it never unlocks: docs/decisions/016-walk-mode-and-tours.md).
 * A story found for the first time chimes, vibrates and joins "Found on this walk"; the card shows the story within
 * reach, nearest first, and an audio story plays once by itself (docs/decisions/042-walk-card-follows-reach.md).
 * It keeps the screen awake, drives the lock screen through Media Session, and ends by itself after 60 minutes
 * without movement. Offline, the latest position waits and is sent when the signal returns: a stop reached offline
 * unlocks when that read goes through, never before (docs/decisions/053-walk-mode-offline.md). What must happen inside the tap (the AudioContext, the primed audio element) is made by
 * `useWalkMode` and handed in.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Point } from '#common/geo';
import type { Story } from '#common/schemas';
import { ApiError } from '#client/lib/api-client';
import { discoverableStoriesQuery } from '#client/lib/stories/get-discoverable-stories';
import { cardAfterAnswer, shouldSend, WALK, WALK_TEXTS, withinReach } from './walk-rules';
import { IDLE_WALK, type WalkState } from './walk-state';

const ARTWORK_FALLBACK = '/og-image.png';

export interface WalkEngineDeps {
  queryClient: QueryClient;
  setState: Dispatch<SetStateAction<WalkState>>;
  /** The page's latest options (the reader, the unlock callback). */
  options: () => { userId: string | null; onUnlocked?: (stories: Story[]) => void };
  /** Made (the element primed with a silent play) in the tap that started the walk: both may play later. */
  audio: HTMLAudioElement;
  audioContext: AudioContext | null;
}

export type WalkEngine = ReturnType<typeof createWalkEngine>;

/** A short two-note chime through Web Audio. */
function chime(context: AudioContext | null) {
  if (!context) return;
  const now = context.currentTime;
  for (const [note, frequency] of [880, 1320].entries()) {
    const startsAt = now + note * 0.18;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, startsAt);
    gain.gain.exponentialRampToValueAtTime(0.25, startsAt + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, startsAt + 0.5);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(startsAt);
    oscillator.stop(startsAt + 0.55);
  }
}

export function createWalkEngine({ queryClient, setState, options, audio, audioContext }: WalkEngineDeps) {
  const session = {
    watchId: null as number | null,
    lastSent: null as { at: Point; time: number } | null,
    lastMovedAt: 0,
    latest: null as Point | null,
    latestAccuracy: null as number | null,
    pending: null as ReturnType<typeof setTimeout> | null,
    idleTimer: null as ReturnType<typeof setInterval> | null,
    /** Stories found on this walk (chimed once), and the ones the card has shown. */
    announced: new Set<string>(),
    shown: new Set<string>(),
    played: new Set<string>(),
    wakeLock: null as WakeLockSentinel | null,
    active: false,
    /** A position is waiting for the signal (docs/decisions/053-walk-mode-offline.md). */
    waiting: false,
    retry: null as ReturnType<typeof setTimeout> | null,
  };

  /** Keeps the latest position for when the signal returns: the server judges only where the walker is then. */
  function hold() {
    session.waiting = true;
    const at = session.latest;
    setState((walk) => ({ ...walk, waiting: at }));
    // The browser may say it is online before requests go through: while a position waits, ask again now and then.
    session.retry ??= setTimeout(() => {
      session.retry = null;
      if (session.active && session.waiting && navigator.onLine) void send();
    }, WALK.retryMs);
  }

  function onOnline() {
    if (session.active && session.waiting) void send();
  }

  async function requestWakeLock() {
    if (!('wakeLock' in navigator) || !navigator.wakeLock) {
      setState((walk) => ({ ...walk, notice: WALK_TEXTS.noWakeLock }));
      return;
    }
    try {
      session.wakeLock = await navigator.wakeLock.request('screen');
    } catch {
      setState((walk) => ({ ...walk, notice: WALK_TEXTS.noWakeLock }));
    }
  }

  // The wake lock is dropped when the page is hidden: take it again when it is visible.
  function onVisible() {
    if (session.active && document.visibilityState === 'visible') void requestWakeLock();
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
    if (story.type === 'audio' && story.audioUrl && !session.played.has(story.id)) {
      session.played.add(story.id);
      audio.src = story.audioUrl;
      audio.play().catch(() => {
        // Refused all the same (a browser stricter still): the card's Open plays it in the story's own player.
      });
    }
  }

  /** The card's "Next" (and its dismissal): the next story within reach that the card has not shown, if any. */
  function next() {
    setState((walk) => {
      const [following, ...rest] = walk.queue;
      const current = following ?? null;
      if (current) session.shown.add(current.id);
      queueMicrotask(() => present(current));
      return { ...walk, current, queue: rest };
    });
  }

  // Lock-screen controls: play/pause/seek on the walk's audio, "next" to the next queued story.
  const mediaHandlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => void audio.play()],
    ['pause', () => audio.pause()],
    [
      'seekbackward',
      (details) => {
        audio.currentTime = Math.max(0, audio.currentTime - (details.seekOffset ?? 15));
      },
    ],
    [
      'seekforward',
      (details) => {
        audio.currentTime += details.seekOffset ?? 15;
      },
    ],
    [
      'seekto',
      (details) => {
        if (details.seekTime !== undefined) audio.currentTime = details.seekTime;
      },
    ],
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
    if (!session.active || !session.latest) return;
    if (!navigator.onLine) {
      hold();
      return;
    }
    session.waiting = false;
    const at = session.latest;
    const accuracy = session.latestAccuracy;
    session.lastSent = { at, time: Date.now() };
    // Through the query cache, started before the home screen follows `sent`: one request serves both.
    const answer = queryClient.fetchQuery({ ...discoverableStoriesQuery(at, { known: true, accuracy }), staleTime: 0 });
    setState((walk) => ({ ...walk, sent: { at, accuracy } }));
    let stories: Story[];
    try {
      stories = await answer;
    } catch (error) {
      // Lost to the network: the position waits for the signal. A refusal (a 4xx) is the server's answer: the next
      // movement asks again.
      const lost = !navigator.onLine || !(error instanceof ApiError) || error.status >= 500;
      if (session.active && lost) hold();
      return;
    }
    if (!session.active) return;
    const reachable = withinReach(stories, options().userId);
    const fresh = reachable.filter((story) => !session.announced.has(story.id));
    for (const story of fresh) session.announced.add(story.id);
    if (fresh.length > 0) {
      chime(audioContext);
      navigator.vibrate?.([120, 60, 120]);
      options().onUnlocked?.(fresh);
    }
    setState((walk) => {
      const card = cardAfterAnswer(walk.current, reachable, session.shown);
      if (card.changed && card.current) {
        session.shown.add(card.current.id);
        const presented = card.current;
        queueMicrotask(() => present(presented));
      }
      const waiting = session.waiting ? walk.waiting : null;
      return { ...walk, stories, waiting, current: card.current, queue: card.queue, found: [...walk.found, ...fresh] };
    });
  }

  function stop(notice: string | null = null) {
    const wasActive = session.active;
    session.active = false;
    if (session.watchId !== null) navigator.geolocation?.clearWatch(session.watchId);
    if (session.pending) clearTimeout(session.pending);
    if (session.idleTimer) clearInterval(session.idleTimer);
    session.watchId = null;
    session.pending = null;
    session.idleTimer = null;
    void session.wakeLock?.release().catch(() => undefined);
    session.wakeLock = null;
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
    session.waiting = false;
    if (session.retry) clearTimeout(session.retry);
    session.retry = null;
    if (wasActive) setMediaHandlers(false);
    // The audio is left to finish: ending walk mode never cuts a story mid-sentence.
    setState((walk) => ({ ...walk, active: false, queue: [], waiting: null, notice }));
  }

  function start() {
    if (session.active) return;
    if (!navigator.geolocation) {
      setState((walk) => ({ ...walk, notice: WALK_TEXTS.noLocation }));
      return;
    }
    session.active = true;
    session.lastSent = null;
    session.lastMovedAt = Date.now();
    session.announced = new Set();
    session.shown = new Set();
    session.played = new Set();
    audio.preload = 'auto';
    setState({ ...IDLE_WALK, active: true });
    void requestWakeLock();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    setMediaHandlers(true);

    const onFix = (position: GeolocationPosition) => {
      if (!session.active) return;
      const at = { latitude: position.coords.latitude, longitude: position.coords.longitude };
      const now = Date.now();
      session.latestAccuracy = Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null;
      const decision = shouldSend(session.lastSent, at, now);
      if (decision !== 'no') {
        session.lastMovedAt = now;
        session.latest = at;
        setState((walk) => ({ ...walk, position: at }));
      }
      if (decision === 'now') {
        if (session.pending) clearTimeout(session.pending);
        session.pending = null;
        void send();
      } else if (decision === 'later' && !session.pending) {
        session.pending = setTimeout(
          () => {
            session.pending = null;
            void send();
          },
          WALK.sendEveryMs - (now - (session.lastSent?.time ?? now)),
        );
      }
    };
    // Only a refusal ends the walk; a fix that is briefly unavailable or late is waited out.
    const onError = (error: GeolocationPositionError) => {
      if (error.code === error.PERMISSION_DENIED) stop(WALK_TEXTS.noLocation);
    };
    const highAccuracy = { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 };
    session.watchId = navigator.geolocation.watchPosition(onFix, onError, highAccuracy);
    // A new watch may wait for the next movement before its first fix: the current one starts the walk at once.
    navigator.geolocation.getCurrentPosition(onFix, onError, { ...highAccuracy, maximumAge: 30_000 });
    session.idleTimer = setInterval(() => {
      if (Date.now() - session.lastMovedAt >= WALK.idleEndMs) stop(WALK_TEXTS.idleEnded);
    }, 60_000);
  }

  return { start, stop, next };
}

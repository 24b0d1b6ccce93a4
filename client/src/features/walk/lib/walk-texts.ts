/** Walk mode's texts: the toggle's labels load with the page, the rules (walk-rules.ts) with the walk. */
export const WALK_TEXTS = {
  start: 'Walk',
  stop: 'Stop walking',
  on: 'Walk mode is on: whispers will find you as you walk.',
  hint: 'Whispers play by themselves as you reach them, with the screen kept on.',
  noWakeLock: 'This browser cannot keep the screen awake: keep it on yourself while you walk.',
  idleEnded: 'Walk mode ended after 60 minutes without movement.',
  noLocation: 'Walk mode needs your location. Turn on location for this site and try again.',
  nothingAhead: 'No whispers left to find nearby.',
  found: 'Found on this walk',
  endWalk: 'End walk',
  tourDoneOffer: 'Every stop is found. Walk mode ends by itself in 2 minutes.',
  tourDoneEnded: 'Tour complete: walk mode has ended.',
  offlineStop: 'Offline — this stop will unlock when you’re back online.',
  offlineWhisper: 'Offline — this whisper will unlock when you’re back online.',
  offlineWaiting: 'Offline — your position will be sent when you’re back online.',
} as const;

/** Walk mode's texts: the toggle's labels load with the page, the rules (walk-rules.ts) with the walk (issue 28). */
export const WALK_TEXTS = {
  start: 'Walk',
  stop: 'Stop walking',
  on: 'Walk mode is on: whispers will find you as you walk.',
  noWakeLock: 'This browser cannot keep the screen awake: keep it on yourself while you walk.',
  idleEnded: 'Walk mode ended after 60 minutes without movement.',
  noLocation: 'Walk mode needs your location. Turn on location for this site and try again.',
  nothingAhead: 'No whispers left to find nearby.',
} as const;

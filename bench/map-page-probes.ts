/**
 * What bench/map-main-thread.ts reads from the page: an init script (a 'longtask' PerformanceObserver and a
 * MutationObserver on Leaflet's marker pane, into `window.__bench`) and the figures computed from it.
 */
import type { Page } from '@playwright/test';

/** A task at least this long blocks the main thread (the part beyond it counts towards total blocking time). */
export const LONG_TASK_MS = 50;

export const INIT_SCRIPT = `(() => {
  const state = { tasks: [], frames: [], samples: [], all: 0, stories: 0, maxAll: 0, maxStories: 0, lastChange: 0, firstStoryAt: null, firstStoryPaintAt: null };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames name the scripts behind a long task (which bundle chunk, which callback).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const top = [...e.scripts].sort((a, b) => b.duration - a.duration).slice(0, 2);
      state.frames.push([e.startTime, e.duration, top.map((x) => (x.invoker || x.invokerType) + ' ' + String(x.sourceURL).split('/').pop() + ' ' + Math.round(x.duration) + 'ms').join('; ')]);
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  let pane = null;
  const observer = new MutationObserver(() => count());
  const count = () => {
    const all = pane ? pane.childElementCount : 0;
    const stories = pane ? pane.querySelectorAll(':scope > .story-marker, :scope > .story-cluster').length : 0;
    if (all === state.all && stories === state.stories) return;
    const now = performance.now();
    state.all = all; state.stories = stories; state.lastChange = now;
    state.maxAll = Math.max(state.maxAll, all); state.maxStories = Math.max(state.maxStories, stories);
    state.samples.push([now, all, stories]);
    if (stories > 0 && state.firstStoryAt === null) {
      state.firstStoryAt = now;
      requestAnimationFrame(() => setTimeout(() => { state.firstStoryPaintAt = performance.now(); }, 0));
    }
  };
  // The pane appears when Leaflet (lazy-loaded) creates the map; re-attach if the map is ever re-created.
  setInterval(() => {
    if (pane && pane.isConnected) return;
    pane = document.querySelector('.leaflet-marker-pane');
    if (pane) { observer.disconnect(); observer.observe(pane, { childList: true }); count(); }
  }, 20);
})();`;

export interface PageState {
  tasks: [start: number, duration: number][];
  frames: [start: number, duration: number, scripts: string][];
  samples: [time: number, all: number, stories: number][];
  all: number;
  stories: number;
  maxAll: number;
  maxStories: number;
  lastChange: number;
  firstStoryAt: number | null;
  firstStoryPaintAt: number | null;
}

export const readState = (page: Page) => page.evaluate<PageState>('window.__bench');
export const pageNow = (page: Page) => page.evaluate<number>('performance.now()');

/** The map's zoom, from the tiles of the level Leaflet shows on top (z-index = maxZoom for the current level). */
export const zoomOf = (page: Page) =>
  page.evaluate<number | null>(`(() => {
    for (const level of document.querySelectorAll('.leaflet-tile-container')) {
      if (level.style.zIndex !== '18') continue;
      const tile = level.querySelector('img');
      const m = tile && /\\/(\\d+)\\/\\d+\\/\\d+\\.png$/.exec(tile.src);
      if (m) return Number(m[1]);
    }
    return null;
  })()`);

export const representedOf = (page: Page) =>
  page.evaluate<number>(`(() => {
    let n = document.querySelectorAll('.leaflet-marker-pane > .story-marker').length;
    for (const el of document.querySelectorAll('.leaflet-marker-pane > .story-cluster')) n += Number(el.textContent) || 0;
    return n;
  })()`);

export interface Blocking {
  tbt: number;
  longest: number;
  count: number;
}

export function blocking(tasks: PageState['tasks'], from: number, to: number): Blocking {
  const inWindow = tasks.filter(([start]) => start >= from && start < to);
  return {
    tbt: inWindow.reduce((sum, [, d]) => sum + Math.max(0, d - LONG_TASK_MS), 0),
    longest: inWindow.reduce((max, [, d]) => Math.max(max, d), 0),
    count: inWindow.length,
  };
}

/** Story markers on the pane just before and right after a long task (what the task did to the markers). */
export function markersAround(state: PageState, start: number, duration: number) {
  let before = 0;
  let after = 0;
  for (const [time, , stories] of state.samples) {
    if (time < start) before = stories;
    if (time <= start + duration + 1) after = stories;
  }
  return `${before}→${after}`;
}

// ---------------------------------------------------------------------------------------------------------
// One page load + interaction.

export interface MapResponse {
  at: number;
  bbox: number[];
  /** Uncompressed JSON size. */
  bytes: number;
  stories: { id: string; latitude: number; longitude: number }[];
}

export interface StepRow {
  step: string;
  zoom: number | null;
  received: number | null;
  markers: number;
  /** Stories the markers stand for: one per story marker plus each cluster's count. */
  represented: number;
  maxMarkers: number;
  block: Blocking;
  tasks: string;
}

export interface RunResult {
  viewport: string;
  firstMarkerMs: number | null;
  startup: Blocking;
  startupTasks: string;
  startupMarkers: number;
  startupRepresented: number;
  startupDomMarkers: number;
  received: number;
  receivedBytes: number;
  inView: number;
  mapRequests: number;
  steps: StepRow[];
  maxDomMarkers: number;
  interaction: Blocking;
  startupBbox: number[];
  startupStories: MapResponse['stories'];
}

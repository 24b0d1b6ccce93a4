/**
 * The service worker's registration with the plain Service Worker API (docs/decisions/015-installable-offline-push.md), in place of workbox-window,
 * whose 2.2 KiB gzip every first screen fetched (bench/README.md). The app needs two things from it: to know when a new
 * version's worker waits, and to let that worker take over; the worker (sw.ts) answers `SKIP_WAITING`.
 */

/** Where vite-plugin-pwa writes the worker (`filename: 'sw.ts'` in vite.config.ts), at the app's scope. */
const SW_URL = '/sw.js';

/**
 * Registers the worker; `onWaiting` is called when a new version is installed and waits. A worker waiting while
 * none controls the page is the first install, not an update, so it is not reported.
 */
export async function registerServiceWorker(onWaiting: () => void): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  const registration = await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  const report = () => {
    if (registration.waiting && navigator.serviceWorker.controller) onWaiting();
  };
  report();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') report();
    });
  });
  return registration;
}

/** Lets the waiting worker take over; the page reloads once it controls it (never before: no half-new page). */
export function activateWaitingWorker(registration: ServiceWorkerRegistration | undefined): void {
  const waiting = registration?.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** Runs `then` after the window's load event and an idle moment, as Workbox advises for registering a worker. */
export function afterLoadAndIdle(then: () => void): () => void {
  let cancelled = false;
  const run = () => !cancelled && then();
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}

import { lazy, Suspense, useEffect, useState } from 'react';

// The worker's registration and its "new version" prompt load once the page has loaded and is idle: nothing on the
// first screen needs the worker, and its registration (the worker's download, its precache) would compete with
// that screen's own requests (issue 28).
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

/** Runs `then` after the window's load event and an idle moment, as Workbox advises for registering a worker. */
function afterLoadAndIdle(then: () => void): () => void {
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

/** `UpdatePrompt`, mounted after the window's load event and an idle moment. */
export function LazyUpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

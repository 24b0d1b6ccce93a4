import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { initialLocale, switchLocale } from './lib/i18n/i18n';
import './index.css';
// Listens for the browser's install offer from the first moment (the account menu that uses it loads later).
import './lib/pwa/install-prompt';

// A transition: React renders the first tree in slices the page can answer between and commits it once whole (issue
// 28: total blocking time); the static header stays on screen until then.
function renderApp() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// The header in index.html paints first, then React takes the main thread (bench/README.md: the first contentful paint is
// that header, not the app's first frame, even when the scripts arrive as fast as the page). A page opened in a
// background tab gets no animation frame: the timer starts it there.
const headerPainted = new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
});
// Pages load on demand; the opening page's chunk is fetched meanwhile, and React renders once it is in, so the
// static header gives way to the page itself rather than to a loading line first.
// The reader's language (docs/decisions/062-interface-languages.md) is fetched meanwhile too, so the first frame is
// already in it.
void Promise.all([headerPainted, preloadPage(window.location.pathname), switchLocale(initialLocale())]).then(renderApp);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
// Listens for the browser's install offer from the first moment (the account menu that uses it loads later).
import './lib/pwa/install-prompt';

function renderApp() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The header in index.html paints first, then React takes the main thread (issue 28: the first contentful paint is
// that header, not the app's first frame, even when the scripts arrive as fast as the page). A page opened in a
// background tab gets no animation frame: the timer starts it there.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  renderApp();
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);

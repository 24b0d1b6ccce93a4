import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
// Listens for the browser's install offer from the first moment (the account menu that uses it loads later).
import './lib/pwa/install-prompt';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

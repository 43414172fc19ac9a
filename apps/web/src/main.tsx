import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HomeApp } from './app/home-app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (window.location.pathname === '/') {
  const root = createRoot(container);
  // A transition lets React yield while it builds the page, so no task blocks input for long.
  startTransition(() =>
    root.render(
      <StrictMode>
        <HomeApp />
      </StrictMode>,
    ),
  );
} else {
  void import('./app/app').then(({ App }) =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

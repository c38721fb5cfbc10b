import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, createAppHistory, preloadPages } from './app/router';
import './index.css';
import { registerServiceWorker } from './app/service-worker';
import { allTextsLoaded, i18n, loadLanguage, pageLanguage } from './lib/i18n';

// This script holds the app's frame only: every page, the landing page too, is its own chunk,
// which the server preloads with the page (decision 101).
const history = createAppHistory();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Providers>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </Providers>
  </StrictMode>
);
// The page's language first (its `<html lang>`, set by the server), and every text of it, so the
// app's first render says what the server's did, in one pass. (The texts beyond the frame are
// chunks requested as this script starts, beside the page's own; decision 090.)
const ready = loadLanguage(pageLanguage())
  .then(() => i18n.changeLanguage(pageLanguage()))
  .then(() => allTextsLoaded())
  .catch(() => undefined);
void ready.then(start);

function start() {
  if (container.firstElementChild) {
    // The server sent the page already rendered from the answers in its data island (decision
    // 034): the app takes that HTML over as it is rather than drawing it again. It starts at
    // once, so a click on the page from here on is not lost: React holds it until the page's
    // code has loaded and the page is taken over, then replays it. (A press before this,
    // boot.js keeps and presses again once the page works: decision 113.)
    document.documentElement.dataset.app = 'starting';
    hydrateRoot(container, app);
  } else {
    const render = () => createRoot(container).render(app);
    // A page whose code fails to load still renders: its route shows the error then.
    preloadPages(window.location.pathname).then(render, render);
  }
}
registerServiceWorker();

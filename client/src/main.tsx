import './styles/mantine';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { deferUnitsUntilInteraction } from './components/HydrationUnit';
import { landingPageAt, preloadLanding } from './landing';
import { createQueryClient, createTrpcClient } from './lib/trpc';
import { readViewerVotes } from './lib/viewer-votes';
import { SERVER_STATE_ELEMENT_ID } from './server-state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Made once, outside React, so the landing page's code and data are requested before the first render.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} trpcClient={trpcClient} />
  </StrictMode>
);

// A page the server rendered (a landing page or the Hall of Fame, for a signed-out visitor;
// server/src/plugins/page-render.ts) comes with the query cache it was rendered from: the app starts on that cache and
// adopts the server's markup instead of rendering it again.
const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID);
if (serverState?.textContent && root.firstElementChild) {
  hydrate(queryClient, JSON.parse(serverState.textContent));
  // A recent voter's votes, marked on the page every visitor gets: shown once it is hydrated.
  readViewerVotes();
  // Hydration starts at once, so a click on the rendered page is never lost (React replays it once that part is live);
  // the page's own part follows when its chunk, requested here, arrives. As a transition, hydration yields to the
  // browser every few milliseconds instead of holding the main thread for the whole page. The chunk is asked for in a
  // task of its own: its code (preloaded, so it would run at once) is not run in the task that ran this entry. Another
  // page's route asks for its chunk as it hydrates (React keeps the server's markup meanwhile).
  setTimeout(
    () =>
      landingPageAt(window.location.pathname)
        ?.load()
        .catch(() => undefined),
    0,
  );
  // The page's deferred parts (HydrationUnit defer) wait for the visitor's first interaction.
  deferUnitsUntilInteraction();
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  preloadLanding(window.location.pathname, { queryClient, trpcClient }, { search: window.location.search });
  createRoot(root).render(app);
}

import { useEffect } from 'react';
import { Router } from 'wouter';
import { landingPageAt } from './landing';
import { type AppClients, AppProviders } from './providers';
import { AppRoutes } from './routes';

export { type AppClients, AppProviders, type AppProvidersProps } from './providers';

/** Where the server renders the app (the browser reads its own address bar). */
export interface ServerLocation {
  path: string;
  /** The query string without its '?'. */
  search: string;
}

/**
 * The whole app, on the clients main.tsx made (it starts the landing page's requests with them before rendering),
 * or, on the server (entry-server.tsx), on clients that call the procedures in-process, at `location`.
 */
export function App({ location, ...clients }: AppClients & { location?: ServerLocation }) {
  // Only in the browser: a page's code and data are fetched when its link is pointed at (lib/prefetch.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the clients are made once, outside React
  useEffect(() => {
    import('./lib/prefetch').then((module) => module.listen(clients, landingPageAt));
  }, []);
  return (
    <Router ssrPath={location?.path} ssrSearch={location?.search}>
      <AppProviders {...clients}>
        <AppRoutes />
      </AppProviders>
    </Router>
  );
}

import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { type ReactNode, useEffect } from 'react';
import { Router } from 'wouter';
import { ToastsHost } from './components/ToastsHost';
import { landingPageAt } from './landing';
import { type AppRouter, TRPCProvider } from './lib/trpc';
import { AppRoutes } from './routes';
import { theme } from './theme';

export interface AppClients {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
}

export interface AppProvidersProps extends AppClients {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals, and positioning checks a DOM without layout cannot pass. */
  mantineEnv?: 'default' | 'test';
}

/**
 * Theme, toasts (one visible at a time), the query cache and the typed tRPC client. The clients are made by the caller
 * (main.tsx, or a test with its fake server), once, outside React.
 */
export function AppProviders({ children, queryClient, trpcClient, mantineEnv = 'default' }: AppProvidersProps) {
  return (
    // Light or dark as the visitor's system prefers, unless they chose one (the header's switch): set on <html> by the
    // head's script before the first paint (shared/src/color-scheme.ts), and kept in step here afterwards.
    <MantineProvider theme={theme} defaultColorScheme="auto" env={mantineEnv}>
      <ToastsHost />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

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

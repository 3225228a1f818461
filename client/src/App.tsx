import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { type ReactNode, useState } from 'react';
import { ToastsHost } from './components/ToastsHost';
import { preloadLanding } from './landing';
import { type AppRouter, createQueryClient, createTrpcClient, TRPCProvider } from './lib/trpc';
import { AppRoutes } from './routes';
import { theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  trpcClient?: TRPCClient<AppRouter>;
  /** 'test' turns off Mantine's transitions and portals, and positioning checks a DOM without layout cannot pass. */
  mantineEnv?: 'default' | 'test';
}

/** Theme, toasts (one visible at a time), the query cache and the typed tRPC client. Tests pass their own clients. */
export function AppProviders({
  children,
  queryClient: givenQueryClient,
  trpcClient: givenTrpcClient,
  mantineEnv = 'default',
}: AppProvidersProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [trpcClient] = useState(() => givenTrpcClient ?? createTrpcClient());
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" env={mantineEnv}>
      <ToastsHost />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function App() {
  // Made here rather than in AppProviders so the landing page's code and data can be requested before the first render.
  const [clients] = useState(() => {
    const queryClient = createQueryClient();
    const trpcClient = createTrpcClient();
    preloadLanding(window.location.pathname, { queryClient, trpcClient });
    return { queryClient, trpcClient };
  });
  return (
    <AppProviders {...clients}>
      <AppRoutes />
    </AppProviders>
  );
}

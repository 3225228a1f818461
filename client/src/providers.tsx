import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { ReactNode } from 'react';
import { ToastsHost } from './components/ToastsHost';
import { type AppRouter, TRPCProvider } from './lib/trpc';
import { theme } from './theme';
import { ThemeCssVariables } from './theme-css-variables';

// The providers every React tree of the site runs in: the app's (App.tsx) and the parts an islands page mounts when
// the visitor heads for them (islands/car-parts.tsx), which have no router or pages to carry.

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
    // The theme's CSS variables made once (theme-css-variables.tsx), not by the provider on every render.
    <MantineProvider theme={theme} defaultColorScheme="auto" env={mantineEnv} withCssVariables={false}>
      <ThemeCssVariables />
      <ToastsHost />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

import type { SiteSettings, User } from '@curbside/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../App';
import { preloadLanding } from '../landing';
import { createQueryClient, createTrpcClient } from '../lib/trpc';
import { AppRoutes } from '../routes';
import { createFakeTrpcFetch, type Handlers } from './trpc-fake';

export const NORMAL_SETTINGS: SiteSettings = {
  maintenanceMode: false,
  maintenanceMessage: "We're currently performing maintenance. Please check back soon.",
  comingSoonMode: false,
  comingSoonMessage: 'Our website is launching soon! Stay tuned for updates.',
  launchDate: null,
};

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: null,
    username: 'drifter',
    email: 'drifter@example.com',
    role: 'user',
    emailVerified: true,
    pendingEmail: null,
    bio: null,
    profilePicture: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export interface RenderAppOptions {
  /** Address to start at, with query and hash. */
  path?: string;
  user?: User | null;
  settings?: Partial<SiteSettings>;
  /** Further procedures (or overrides of accounts.me / settings.get). */
  handlers?: Handlers;
  /** Arrive as from outside, as the real App does: the landing page's code and data requested before rendering. */
  landing?: boolean;
}

/** The whole app (providers, shell, routes) at a path, with the server replaced by handlers. */
export function renderApp({
  path = '/',
  user = null,
  settings = {},
  handlers = {},
  landing = false,
}: RenderAppOptions = {}) {
  window.history.replaceState(null, '', path);
  const server = createFakeTrpcFetch({
    'accounts.me': () => user,
    'settings.get': () => ({ ...NORMAL_SETTINGS, ...settings }),
    ...handlers,
  });
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient({ fetch: server.fetch });
  if (landing)
    preloadLanding(window.location.pathname, { queryClient, trpcClient }, { search: window.location.search });
  const result = render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} mantineEnv="test">
      <AppRoutes />
    </AppProviders>,
  );
  return { ...result, calls: server.calls, queryClient, userEvent: userEvent.setup() };
}

/** The address bar as the user sees it. */
export function currentAddress(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

/** Phone-sized (or any) viewport: CSS media queries, and so Mantine's hiddenFrom/visibleFrom, follow it. */
export function setViewport(width: number, height = 800): void {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });
}

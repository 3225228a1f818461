import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders on the server and while it hydrates that HTML; true otherwise (a client render, and
 * every render after hydration). Lets a part the server leaves out (a panel loaded after the page) appear once the
 * page is live, without the hydrated tree differing from the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

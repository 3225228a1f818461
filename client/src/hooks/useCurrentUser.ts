import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc';

/** The signed-in user, null when signed out, undefined while loading. */
export function useCurrentUser() {
  const trpc = useTRPC();
  const query = useQuery(trpc.accounts.me.queryOptions());
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isPending,
    isAdmin: user?.role === 'admin',
  };
}

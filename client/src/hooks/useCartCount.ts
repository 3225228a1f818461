import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc';
import { useCurrentUser } from './useCurrentUser';

/** Number of lines in the signed-in user's cart (the header reads only the list's length, spec part 1 §3). */
export function useCartCount(): number {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const cart = useQuery({ ...trpc.cart.list.queryOptions(), enabled: Boolean(user) });
  return user ? (cart.data?.length ?? 0) : 0;
}

import { useCurrentUser } from './useCurrentUser';

/** Number of items in the signed-in user's cart (the header reads only the list's length, spec part 1 §3). */
export function useCartCount(): number {
  const { user } = useCurrentUser();
  // TODO(cart): read trpc.cart.list (enabled only when user is signed in) and return its length once the cart
  // router lands; until then the badge never shows.
  if (!user) return 0;
  return 0;
}

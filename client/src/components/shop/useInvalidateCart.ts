import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';

/** Re-reads the cart (page and header badge) after it changed. */
export function useInvalidateCart(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.cart.list.queryKey() }), [queryClient, trpc]);
}

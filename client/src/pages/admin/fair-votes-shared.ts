import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

// What the Fair Votes tab and its car dialog share.

export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A block as the admin sees it: the start of its keyed hash (the address itself is never stored). */
export const blockLabel = (block: string) => `${block.slice(0, 12)}…`;

/** Refetches what a void or restore changed: the review, the history, and the public rankings and cars. */
export function useVotesChanged() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.fairVotes.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.cars.pathKey() }),
    ]);
}

import { type Car, VIEWER_VOTES_ELEMENT_ID } from '@curbside/shared';
import { useSyncExternalStore } from 'react';

// A recent voter is sent the page every visitor gets, with their votes marked (server/src/plugins/viewer-votes.ts):
// its data says hasVoted for the cars they voted for, its markup was rendered for a visitor who has not voted. While
// React hydrates, those cars render as the markup has them (hydration adopts it as it is); right after, as the data
// says ("Already Voted"). A click before that finds the data, which refuses a second vote.

let renderedUnvoted: ReadonlySet<number> = new Set();

/** Reads the cars the server's markup shows as not voted for though the viewer did (main.tsx, before hydrating). */
export function readViewerVotes(doc: Document = document): void {
  const element = doc.getElementById(VIEWER_VOTES_ELEMENT_ID);
  try {
    const ids: unknown = element?.textContent ? JSON.parse(element.textContent) : [];
    renderedUnvoted = new Set(Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : []);
  } catch {
    renderedUnvoted = new Set();
  }
}

const subscribe = () => () => undefined;

/**
 * Whether to show `car` as voted for: its hasVoted, except while hydrating markup rendered without the vote. Only for
 * such a car do the two snapshots differ, so only then does React render again after hydrating: a render of the page
 * would reach the parts still waiting to hydrate (HydrationUnit defer) and make React replace their markup.
 */
export function useShowsVoted(car: Pick<Car, 'id' | 'hasVoted'> | undefined): boolean {
  const id = car?.id;
  const heldBack = useSyncExternalStore(
    subscribe,
    () => false,
    () => id !== undefined && renderedUnvoted.has(id),
  );
  return Boolean(car?.hasVoted) && !heldBack;
}

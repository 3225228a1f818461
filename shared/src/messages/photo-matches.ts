import type { ToastText } from './toast';

// Chosen: copied-photo detection is beyond the spec (issue 41, part 5).
export const PHOTO_MATCH_MESSAGES = {
  /** The Review tab's section heading (title case, as every heading of the dashboard). */
  title: 'Possibly Copied Photos',
  /** Each flag's badge. */
  flag: "May be someone else's photo",
  intro:
    "New photos that look like another member's photo: compare each pair side by side, dismiss a pair that is fine, or remove the new photo (its owner is e-mailed your note).",
  open: 'Open',
  dismissedList: 'Dismissed',
  empty: 'No photo looks copied.',
  emptyDismissed: 'No flag has been dismissed yet.',
  loadError: 'The copied photos could not be loaded. Please try again.',
  newPhoto: 'New photo',
  earlierPhoto: 'Earlier photo',
  uploadedBy: (owner: string) => `Owner: ${owner}`,
  noOwner: 'No owner (a site car)',
  uploadedAt: (when: string) => `Added ${when}`,
  distance: (bits: number) => (bits === 0 ? 'The same picture to the hash' : `${bits} of 64 hash bits differ`),
  dismiss: 'Dismiss',
  dismissedAt: (when: string) => `Dismissed ${when}`,
  dismissed: { title: 'Success!', message: 'The flag was dismissed.' } satisfies ToastText,
  loadMore: 'Show more',
  notFound: 'Photo match not found',
} as const;

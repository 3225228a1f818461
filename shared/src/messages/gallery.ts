export const GALLERY_MESSAGES = {
  loadError: 'There was an error loading the gallery. Please try again later.',
  /** Chosen wording of the spec's "no cars found matching criteria". */
  empty: 'No cars found matching your criteria.',
  searchPlaceholder: 'Search by make, model, or owner name',
  /** The search box's button on a page sent as islands, where the search is sent by Enter or this button. */
  searchButton: 'Search',
} as const;

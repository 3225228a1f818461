export const GALLERY_MESSAGES = {
  loadError: 'There was an error loading the gallery. Please try again later.',
  /** Chosen wording of the spec's "no cars found matching criteria". */
  empty: 'No cars found matching your criteria.',
  searchPlaceholder: 'Search by make, model, or owner name',
} as const;

/** Part 1 §2: the not-found page's title and text are the spec's; the rest is chosen (a way on for a visitor). */
export const NOT_FOUND_MESSAGES = {
  title: '404 Page Not Found',
  /** Chosen: what a visitor reads first. */
  help: "There's no page at this address. It may have moved, or the link may be mistyped.",
  /** The spec's text, kept verbatim below the way on (docs/decisions.md, Client). */
  text: 'Did you forget to add the page to the router?',
  browseGallery: 'Browse the Gallery',
  backHome: 'Back to Home',
} as const;

// A signed-out visitor's print choice goes through sign-in in the return address (/auth?next=/cars/x?print=10,11…):
// the car page reads the photos back on the server and in the browser alike, and the print card the size and quantity.
// This part is in the car page's first download, so it stays this small.

/** The query parameters of a print choice carried through sign-in. */
export const PRINT_PARAMS = { photos: 'print', product: 'size', quantity: 'qty' } as const;

/** The photo ids of a print choice in the query string `search` (empty when there is none). */
export function photosFromSearch(search: string): number[] {
  const raw = new URLSearchParams(search).get(PRINT_PARAMS.photos) ?? '';
  return raw
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

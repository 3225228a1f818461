// The gallery's state in its address (/gallery?category=JDM&q=supra&pages=3): read the same way by the browser and by
// the server's render of the page (the same code), so Back, a reload and a shared link all show the same list. In the
// gallery's own chunk: the landing pages' first download does not carry it.
import { ALL_CARS_FILTER, GALLERY_FILTERS, type GalleryFilter, LIMITS } from '@curbside/shared';
import { gallerySearchOf } from './search-param';

export interface GalleryQuery {
  category: GalleryFilter;
  /** The search text, trimmed; '' when not searching. */
  q: string;
  /** How many pages of cards are shown (Load More adds one). */
  pages: number;
}

/**
 * The most pages an address shows (and the server renders) at once: galleryFetchLimit cars. Load More goes on past
 * them, each page by the cursor of the one before, but the address keeps this many.
 */
export const GALLERY_MAX_PAGES = Math.ceil(LIMITS.galleryFetchLimit / LIMITS.galleryPageSize);

export const DEFAULT_GALLERY_QUERY: GalleryQuery = { category: ALL_CARS_FILTER, q: '', pages: 1 };

const isGalleryFilter = (value: string | null): value is GalleryFilter =>
  (GALLERY_FILTERS as readonly (string | null)[]).includes(value);

/**
 * The gallery's state in `search` (a query string, with or without '?'). Never throws: an unknown category is the
 * whole list, a search longer than the server accepts is cut, and pages are a whole number from 1 to GALLERY_MAX_PAGES.
 */
export function parseGalleryQuery(search: string): GalleryQuery {
  const params = new URLSearchParams(search);
  const category = params.get('category');
  const pages = Number.parseInt(params.get('pages') ?? '', 10);
  return {
    category: isGalleryFilter(category) ? category : ALL_CARS_FILTER,
    q: gallerySearchOf(params),
    pages: Number.isFinite(pages) ? Math.min(Math.max(pages, 1), GALLERY_MAX_PAGES) : 1,
  };
}

/**
 * `search` with the gallery's parameters set to `query` (a default is left out) and every other parameter kept, as a
 * query string without '?' ('' when none is left).
 */
export function withGalleryQuery(search: string, query: GalleryQuery): string {
  const params = new URLSearchParams(search);
  const set = (name: string, value: string, fallback: string) => {
    if (value === fallback) params.delete(name);
    else params.set(name, value);
  };
  set('category', query.category, ALL_CARS_FILTER);
  set('q', query.q, '');
  set('pages', String(query.pages), '1');
  return params.toString();
}

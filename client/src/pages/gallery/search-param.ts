import { LIMITS } from '@curbside/shared';

/**
 * The gallery's search as its address names it (`q`, trimmed and cut to what the server accepts; '' for none). Apart
 * from the rest of the gallery's address (query.ts): the landing pages' prefetch, in every page's first download, needs
 * only this.
 */
export function gallerySearchOf(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, LIMITS.searchQueryMax).trim();
}

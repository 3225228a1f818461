import { LAST_PAGE_KEY } from '../../lib/return-to';

// Where sign-in sends the visitor back to (lib/return-to.ts names it). Only a path on this site is accepted: anything a
// browser could read as another site (//evil.com, /\evil.com, https://…, javascript:…) goes home instead.

const BASE = 'https://same-site.invalid';
/** Pages that are no place to come back to after signing in. */
const NOT_A_RETURN = new Set(['/auth', '/reset-password', '/verify-email']);

/** A backslash (read as '/') or a control character (tabs and newlines are dropped by the URL parser). */
const isDroppedOrSlash = (char: string) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

/**
 * `raw` as a path on this site (path, query and hash, as the URL parser normalises them), or null when it is not one:
 * empty, not starting with a single '/', holding a backslash or a control character (which browsers drop or read as
 * '/'), normalising to another host (/..//evil.com), or the sign-in page itself.
 */
export function sameSitePath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw[1] === '/' || [...raw].some(isDroppedOrSlash)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//') || NOT_A_RETURN.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function rememberedPage(): string | null {
  try {
    return sameSitePath(sessionStorage.getItem(LAST_PAGE_KEY));
  } catch {
    return null;
  }
}

/** Where to go after signing in on /auth with query string `search`: its `next`, else the page before, else home. */
export function returnTarget(search: string): string {
  return sameSitePath(new URLSearchParams(search).get('next')) ?? rememberedPage() ?? '/';
}

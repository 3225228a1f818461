// Where sign-in sends the visitor back to: the page that sent them to /auth (the cart, My Orders, Submit Your Car, a car
// they wanted to vote on), named in the address as /auth?next=/cart. Only a path on this site is accepted: anything a
// browser could read as another site (//evil.com, /\evil.com, https://…, javascript:…) is refused.

const SIGN_IN = '/auth';
/** Pages that are no place to come back to after signing in. */
const NOT_A_RETURN = new Set([SIGN_IN, '/reset-password']);
const BASE = 'https://same-site.invalid';

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

/** The sign-in page's address, sending the visitor back to `returnTo` (a same-site path) afterwards. */
export function signInPath(returnTo: string): string {
  const path = sameSitePath(returnTo);
  return path && path !== '/' ? `${SIGN_IN}?next=${encodeURIComponent(path)}` : SIGN_IN;
}

/** Kept for the tab's session (a reload of /auth still knows it); storage may be refused (private modes). */
const LAST_PAGE_KEY = 'curbside:last-page';

/**
 * Notes the page the visitor is on (AppRoutes, on each navigation): a link to /auth that names no return (the
 * header's Login/Register, Submit Your Car's Sign In) returns to it.
 */
export function rememberPage(path: string): void {
  const page = sameSitePath(path);
  try {
    if (page) sessionStorage.setItem(LAST_PAGE_KEY, page);
  } catch {
    // not remembered: sign-in then returns home
  }
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

// Sign-in returns the visitor to the page that sent them to /auth: the address names it (/auth?next=/cart) or, for a
// plain link to /auth, the page they were on is remembered here. What is read back is checked in the sign-in page's
// own code (pages/auth/return-target.ts): this part is in every page's first download, so it stays this small.

/** The tab's last page before /auth (a reload of /auth still knows it). */
export const LAST_PAGE_KEY = 'curbside:last-page';

/** The sign-in page's address for a visitor on `here` (this site's path, query and hash). */
export function signInPath(here: string): string {
  return here === '/' ? '/auth' : `/auth?next=${encodeURIComponent(here)}`;
}

/** Notes the page the visitor is on (AppRoutes, on each navigation to a page other than /auth). */
export function rememberPage(here: string): void {
  try {
    sessionStorage.setItem(LAST_PAGE_KEY, here);
  } catch {
    // storage refused (a private mode): sign-in then returns home
  }
}

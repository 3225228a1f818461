import type { AppClients } from '../App';
import type { landingPageAt as LandingPageAt } from '../landing';

// Navigation without spinners (issue 24). A page's code and first data are requested as soon as a link to it is
// pointed at, focused or touched (on touch screens, links in view get their code when the browser is idle), and a
// click on a link whose page is not ready yet keeps the current page on screen until the next one can render. Loaded
// after the first render (App), so it adds nothing to a page's first download.

/** How long a click waits at most for the next page's code and data; then the page shows its own loading. */
const DATA_WAIT_MS = 2500;

let clients: AppClients;
let landingPageAt: typeof LandingPageAt;
/**
 * The code of the other pages (routes.tsx loads them with React.lazy; the same chunks: once fetched here, the route
 * finds them in the browser's module map).
 */
const PAGE_CODE: Record<string, () => Promise<unknown>> = {
  '/auth': () => import('../pages/AuthPage'),
  '/reset-password': () => import('../pages/ResetPasswordPage'),
  '/merch': () => import('../pages/MerchPage'),
  '/events': () => import('../pages/EventsPage'),
  '/terms-of-service': () => import('../pages/TermsPage'),
  '/cart': () => import('../pages/CartPage'),
  '/checkout': () => import('../pages/CheckoutPage'),
  '/order-success': () => import('../pages/OrderSuccessPage'),
  '/user/orders': () => import('../pages/OrdersPage'),
  '/user/profile': () => import('../pages/ProfilePage'),
  '/upload': () => import('../pages/UploadPage'),
  '/admin': () => import('../pages/AdminPage'),
};

/** Paths whose code and data are in: a click on their links goes through at once. */
const ready = new Set<string>();
const started = new Map<string, Promise<unknown>>();

/** Starts fetching what the page at `path` needs to render (its code, and unless `dataToo` is false its data). */
function prefetch(path: string, dataToo = true): Promise<unknown> | undefined {
  const page = landingPageAt(path);
  const load = page?.load ?? PAGE_CODE[path.replace(/(.)\/$/, '$1')];
  if (!load) return undefined;
  if (!dataToo) return load();
  let whenReady = started.get(path);
  if (!whenReady) {
    let data: Promise<unknown> = Promise.resolve();
    try {
      if (page) data = Promise.all(page.prefetch(clients));
    } catch {
      // an address the page cannot read (a malformed %-escape): the page reports it
    }
    whenReady = Promise.all([load(), data]).then(() => ready.add(path));
    // A failed request is the page's to report; the next intent asks again.
    whenReady.catch(() => started.delete(path));
    started.set(path, whenReady);
  }
  return whenReady;
}

/** The same-site link an event is about, with the path it leads to; undefined for any other. */
function linkOf(target: EventTarget | null): { link: HTMLAnchorElement; path: string } | undefined {
  const link = (target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || link.origin !== location.origin || link.target || link.hasAttribute('download')) return undefined;
  return link.pathname === location.pathname ? undefined : { link, path: link.pathname };
}

let latest = 0;
let bar: HTMLElement | undefined;

/**
 * A plain left click on a link whose page is not ready: the router is told to stay (the default is prevented before
 * it sees the click), and the address changes once the page's code and data are there, or after DATA_WAIT_MS (on a
 * very slow network); a thin bar at the top says the click was taken meanwhile. A later click wins.
 */
function onClick(event: MouseEvent) {
  const found = linkOf(event.target);
  if (!found || ready.has(found.path) || event.defaultPrevented) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const pending = prefetch(found.path);
  if (!pending) return;
  event.preventDefault();
  const ticket = ++latest;
  const href = found.link.pathname + found.link.search + found.link.hash;
  const timer = setTimeout(showBar, 100);
  Promise.race([pending, new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS))])
    .catch(() => undefined)
    .then(() => {
      clearTimeout(timer);
      bar?.remove();
      // What wouter's navigate does (it hears pushState); importing it would change the first download's chunks.
      if (ticket === latest) history.pushState(null, '', href);
    });
}

function showBar() {
  if (!bar) {
    bar = document.createElement('div');
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Loading page');
    bar.style.cssText = 'position:fixed;inset:0 0 auto;height:3px;z-index:1000;background:#e03131;transform-origin:0';
  }
  document.body.append(bar);
  bar.animate([{ transform: 'scaleX(0.1)' }, { transform: 'scaleX(0.9)' }], { duration: 3000, fill: 'forwards' });
}

/**
 * Listens for the intent to follow a link, once (App calls it in the browser, after the first render, with what it
 * needs from the first download: passed rather than imported, so this module's chunk shares nothing with it).
 */
export function listen(appClients: AppClients, landing: typeof LandingPageAt): void {
  if (clients) return;
  [clients, landingPageAt] = [appClients, landing];
  const onIntent = (event: Event) => {
    const found = linkOf(event.target);
    if (found) prefetch(found.path);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    addEventListener(type, onIntent, { capture: true, passive: true });
  }
  addEventListener('click', onClick, { capture: true });

  // Touch screens have no hover: the code of the pages whose links are in view is fetched while the browser is idle.
  if (!matchMedia('(hover: none)').matches || !('IntersectionObserver' in window)) return;
  let inView: IntersectionObserver | undefined;
  const scan = () => {
    inView?.disconnect();
    inView = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const found = entry.isIntersecting ? linkOf(entry.target) : undefined;
        if (found) prefetch(found.path, false);
      }
    });
    for (const link of document.querySelectorAll('a[href^="/"]')) inView.observe(link);
  };
  const idle = () => (window.requestIdleCallback ?? setTimeout)(scan);
  idle();
  for (const type of ['popstate', 'pushState']) addEventListener(type, idle);
}

import type { AppClients } from '../App';
import type { landingPageAt as LandingPageAt } from '../landing';

// Navigation without spinners. A page's code and first data are requested as soon as a link to it is
// pointed at, focused or touched (on touch screens, the files of a few pages whose links are in view are fetched when
// the browser is idle, not run), and a click on a link whose page is not ready yet keeps the current page on screen
// until the next one can render. Loaded after the first render (App), so it adds nothing to a page's first download.

/** How long a click waits at most for the next page's code and data; then the page shows its own loading. */
const DATA_WAIT_MS = 2500;

let clients: AppClients;
let landingPageAt: typeof LandingPageAt;
/**
 * The other pages' modules (routes.tsx loads the same modules with React.lazy: the same chunks, so once fetched here
 * the route finds them in the browser's module map), by the path that shows them. Named as the build manifest names
 * them, as is the list of the files each needs (pageFiles, below).
 */
const PAGE_MODULES: Record<string, string> = {
  '/auth': 'src/pages/AuthPage.tsx',
  '/reset-password': 'src/pages/ResetPasswordPage.tsx',
  '/verify-email': 'src/pages/VerifyEmailPage.tsx',
  '/merch': 'src/pages/MerchPage.tsx',
  '/events': 'src/pages/EventsPage.tsx',
  '/terms-of-service': 'src/pages/TermsPage.tsx',
  '/cart': 'src/pages/CartPage.tsx',
  '/checkout': 'src/pages/CheckoutPage.tsx',
  '/order-success': 'src/pages/OrderSuccessPage.tsx',
  '/user/orders': 'src/pages/OrdersPage.tsx',
  '/user/profile': 'src/pages/ProfilePage.tsx',
  '/upload': 'src/pages/UploadPage.tsx',
  '/admin': 'src/pages/AdminPage.tsx',
  '/hall-of-fame': 'src/pages/HallOfFamePage.tsx',
};
const PAGE_CODE = import.meta.glob('../pages/*Page.tsx');
const loadModule = (module: string) => PAGE_CODE[module.replace(/^src\//, '../')];

/**
 * The files (chunks and styles) each page's module needs beyond what the entry has loaded: a JSON file the build writes
 * and names in index.html (client/vite.config.ts, pageFilesPlugin); none in development.
 */
let pageFiles: Promise<Record<string, string[]>> | undefined;
const requestedFiles = new Set<string>();

/**
 * Fetches a page's files into the browser's cache at low priority, without running them: evaluating a page's code and
 * applying its styles is work for the main thread, which a page the visitor has not chosen should not cost. The
 * page's import finds them in the cache (assets are cached as immutable). No elements are added: each would cost a
 * style invalidation.
 */
async function prefetchFiles(module: string) {
  const url = document.querySelector<HTMLMetaElement>('meta[name="page-files"]')?.content;
  if (!url) return;
  pageFiles ??= fetch(url).then((response) => (response.ok ? response.json() : {}));
  const files = (await pageFiles.catch(() => ({}) as Record<string, string[]>))[module] ?? [];
  for (const file of files) {
    if (requestedFiles.has(file)) continue;
    requestedFiles.add(file);
    fetch(`/${file}`, { priority: 'low' })
      .then((response) => response.blob())
      .catch(() => requestedFiles.delete(file));
  }
}

/**
 * What tells that a visitor on a touch screen is looking for where to go next on this page: a touch (every scroll of
 * theirs starts with one). Typing is not (a visitor filling a form, signing in, goes where the form sends them), nor a
 * scroll the app makes itself (to the top of a new page).
 */
const ENGAGEMENT = ['touchstart'];
/**
 * The most pages whose files one page view fetches ahead from the links in view in its content (the first to come
 * into view, top of the screen first; the header's and footer's links are on every page, and wait for a touch): what
 * the next tap most likely needs, not every page linked from a long list.
 */
const PAGES_IN_VIEW_PER_VISIT = 2;

/** Paths whose code and data are in: a click on their links goes through at once. */
const ready = new Set<string>();
const started = new Map<string, Promise<unknown>>();

/** The module of the page at `path` and how to load it; undefined for a path no page of this list shows. */
function pageAt(path: string) {
  const page = landingPageAt(path);
  if (page) return page;
  const module = PAGE_MODULES[path.replace(/(.)\/$/, '$1')];
  const load = module && loadModule(module);
  return module && load ? { module, load, prefetch: undefined } : undefined;
}

/** Starts fetching what the page at `path` needs to render: its code (loaded and run) and its first data. */
function prefetch(path: string): Promise<unknown> | undefined {
  const page = pageAt(path);
  if (!page) return undefined;
  const { load } = page;
  let whenReady = started.get(path);
  if (!whenReady) {
    let data: Promise<unknown> = Promise.resolve();
    try {
      if (page.prefetch) data = Promise.all(page.prefetch(clients));
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

  // Touch screens have no hover: once the visitor touches a page (to scroll it, say), the files of the first few pages
  // whose links are in view in its content are fetched while the browser is idle. Not before (a visitor who only reads
  // pays nothing for it, and the page's load keeps the network and the main thread to itself), not on a connection
  // that asks to save data or is 2G, and on the next page only after a touch there: a sign-in, which leads to a new
  // page, fetches nothing ahead by itself.
  if (!matchMedia('(hover: none)').matches || !('IntersectionObserver' in window) || savesData()) return;
  let inView: IntersectionObserver | undefined;
  // Bumped by every change of address: a scan the idle callback runs after one belongs to a page no longer shown.
  let visit = 0;
  const scan = (scannedVisit: number) => {
    if (scannedVisit !== visit) return;
    inView?.disconnect();
    // The cap is for pages whose code is not in yet: not the page on screen (a car page's links to other cars), nor
    // one whose code a touch on its link has already loaded (the phone's hero photo, where many scrolls start).
    const chosen = new Set<string>();
    const loaded = new Set([location.pathname, ...started.keys()].map((path) => pageAt(path)?.module));
    inView = new IntersectionObserver((entries) => {
      const visible = entries
        .filter((entry) => entry.isIntersecting)
        .sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top);
      for (const entry of visible) {
        const found = linkOf(entry.target);
        const module = found && pageAt(found.path)?.module;
        if (!module || loaded.has(module) || chosen.has(module) || chosen.size >= PAGES_IN_VIEW_PER_VISIT) continue;
        chosen.add(module);
        void prefetchFiles(module);
      }
      if (chosen.size >= PAGES_IN_VIEW_PER_VISIT) inView?.disconnect();
    });
    for (const link of document.querySelectorAll('main a[href^="/"]')) inView.observe(link);
  };
  const engaged = () => {
    for (const type of ENGAGEMENT) removeEventListener(type, engaged, true);
    const scannedVisit = visit;
    (window.requestIdleCallback ?? setTimeout)(() => scan(scannedVisit));
  };
  const waitForEngagement = () => {
    visit += 1;
    inView?.disconnect();
    for (const type of ENGAGEMENT) addEventListener(type, engaged, { capture: true, passive: true });
  };
  waitForEngagement();
  // wouter announces every change of address (its own navigations too) as these events.
  for (const type of ['popstate', 'pushState', 'replaceState']) addEventListener(type, waitForEngagement);
}

/** Whether the visitor's connection asks for less data (Save-Data) or is 2G: then nothing is fetched ahead unasked. */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return Boolean(connection?.saveData) || /2g/.test(connection?.effectiveType ?? '');
}

// The landing pages as islands (issue 40; docs/decisions.md). A signed-out visitor's landing page is rendered whole on
// the server (entry-server.tsx) and is complete as HTML: its links are ordinary links (the next landing page is
// rendered by the server too, prerendered on hover by the page's speculation rules, shared/src/islands.ts), its text
// and photos need nothing. So instead of the app (React, Mantine's provider, the query cache, the router: main.tsx),
// which would hydrate all of it, such a page loads this script, which wakes only what the visitor can operate, each
// part found by its marker in the server's markup (data-island) and worked with the DOM the server drew, no component
// code:
//   - header: the scheme switch, the burger's menu (its markup in a <template> the server rendered), the bar that
//     turns opaque once the page scrolls (header.ts);
//   - featured-slider: the featured cars, every slide's markup in a <template> (featured-slider.ts);
//   - newsletter: the footer's sign-up form, sent as the app sends it (newsletter.ts);
//   - banner-ad: the advertisement, one of the live ads picked for each visit (banner-ad.ts);
//   - navigate: a choice that loads the page it names (the leaderboard's period switch and past months, the gallery's
//     categories and its Load More: navigate.ts);
//   - gallery-search: the gallery's search, a form that loads the gallery of its words (gallery-search.ts);
//   - gallery-more: the gallery's Load More past the pages an address shows, each next page fetched into the list and
//     drawn from the card the server put in a <template> (gallery-more.ts).
//   - a car page's vote (vote.ts), tabs (tabs.ts), share card (share.ts), and its photos: the main photo, the
//     thumbnails and the print choice, with the lightbox and the print picker loaded when the visitor heads for them
//     (car-photos.ts, car-parts.tsx).
// A click on one of those controls before this script has run is kept by the head's inline script
// (EARLY_CLICKS_SCRIPT) and replayed here once the control is live: it is never lost. Signed-in visitors and every
// other page get the app, as before; which pages are islands is the server entry's ISLAND_PAGES.
import { stripTrackingParams } from '@curbside/shared';
import { wakeBannerAd } from './banner-ad';
import { wakeCarPhotos } from './car-photos';
import { wakeSlider } from './featured-slider';
import { wakeGalleryMore } from './gallery-more';
import { wakeGallerySearch } from './gallery-search';
import { wakeHeader } from './header';
import { wakeNavigate } from './navigate';
import { wakeNewsletter } from './newsletter';
import { wakeShare } from './share';
import { wakeTabs } from './tabs';
import { wakeVote } from './vote';

declare global {
  interface Window {
    /** The controls clicked before this script ran, in order (EARLY_CLICKS_SCRIPT). */
    __islandClicks?: HTMLElement[];
    /** Set once the islands are live: later clicks go straight to them. */
    __islandsLive?: boolean;
  }
}

const WAKE: Record<string, (root: HTMLElement) => void> = {
  header: wakeHeader,
  'featured-slider': wakeSlider,
  newsletter: wakeNewsletter,
  navigate: wakeNavigate,
  'banner-ad': wakeBannerAd,
  vote: wakeVote,
  car: wakeCarPhotos,
  tabs: wakeTabs,
  share: wakeShare,
  'gallery-search': wakeGallerySearch,
  'gallery-more': wakeGalleryMore,
};

// Tracking parameters (utm_*, fbclid) leave the address bar in place, as the app removes them (lib/tracking.ts): a
// shared link or Back does not carry them on.
const address = `${location.pathname}${location.search}${location.hash}`;
const cleaned = stripTrackingParams(address);
if (cleaned !== address) history.replaceState(history.state, '', cleaned);

for (const root of document.querySelectorAll<HTMLElement>('[data-island]')) {
  try {
    WAKE[root.dataset.island ?? '']?.(root);
  } catch (error) {
    // One part that cannot start leaves the others working.
    console.error(error);
  }
}
window.__islandsLive = true;
// The early clicks, each control once, in the order they came.
for (const control of window.__islandClicks?.splice(0) ?? []) {
  if (control.isConnected) control.click();
}

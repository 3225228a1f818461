// The landing pages as islands (client/src/islands/main.ts): a signed-out visitor's landing page is the server's HTML
// with a small script that wakes only its interactive parts. What the HTML head of such a page carries besides, as
// inline scripts the Content-Security-Policy allows by their hashes (server/src/plugins/security.ts).

/** The attribute of a control the islands' script takes over (its value names what the control does). */
export const ISLAND_ACTION_ATTRIBUTE = 'data-island-action';

/**
 * A click on an island's control before the islands' script has run is held (the control would otherwise do nothing,
 * or submit a form to nowhere) and kept in `window.__islandClicks`; the script replays it once the control is live
 * (`window.__islandsLive`). Runs in the head, before any markup is painted.
 */
export const EARLY_CLICKS_SCRIPT =
  `(function(){var q=window.__islandClicks=[];addEventListener("click",function(e){if(window.__islandsLive)return;` +
  `var t=e.target,c=t&&t.closest&&t.closest("[${ISLAND_ACTION_ATTRIBUTE}]");` +
  `if(c){e.preventDefault();e.stopPropagation();if(q.indexOf(c)<0)q.push(c)}},true)})()`;

/** The landing pages' paths, for the speculation rules below (a pathname pattern matches any query string). */
const LANDING_PATHNAMES = ['/', '/gallery', '/gallery/*', '/cars', '/cars/*', '/leaderboard'];

/**
 * Speculation rules of an islands page: a landing page linked from it is rendered ahead (prerendered) once the
 * visitor points at its link or starts to press it ("moderate"), so the ordinary page load its link makes shows it
 * at once; any other page of the site is fetched ahead (prefetched) the same way.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      source: 'document',
      where: { or: LANDING_PATHNAMES.map((pathname) => ({ href_matches: { pathname } })) },
      eagerness: 'moderate',
    },
  ],
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: { pathname: '/*' } },
          { not: { href_matches: [{ pathname: '/api/*' }, { pathname: '/trpc/*' }] } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

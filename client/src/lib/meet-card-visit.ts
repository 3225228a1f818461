import { MEET_CARD_SOURCE } from '@curbside/shared';

// A car page opened from a meet card's QR code: `/cars/<slug>?src=card&event=<id>`. The visit is
// remembered per car for this tab, src and event leave the address like the utm_* parameters (lib/tracking.ts), and
// the Vote button sends the attribution with the vote. Read by the Vote button, so it loads with the car page, not
// with every landing page.

const cardVisitKey = (slug: string) => `curbside:meet-card:${slug}`;

/** On a car page opened from a meet card: remembers the visit, then removes src and event from the address. */
export function rememberMeetCardVisit(): void {
  const { pathname, search, hash } = window.location;
  const params = new URLSearchParams(search);
  const car = /^\/cars\/([^/]+)\/?$/.exec(pathname);
  if (!car?.[1] || params.get('src') !== MEET_CARD_SOURCE) return;
  const eventId = Number(params.get('event'));
  try {
    const visit = Number.isInteger(eventId) && eventId > 0 ? { eventId } : {};
    window.sessionStorage.setItem(cardVisitKey(decodeURIComponent(car[1])), JSON.stringify(visit));
  } catch {
    // Storage refused (private mode, a malformed slug): the vote still counts, only unattributed.
  }
  params.delete('src');
  params.delete('event');
  const query = params.toString();
  window.history.replaceState(window.history.state, '', `${pathname}${query ? `?${query}` : ''}${hash}`);
}

/** What a vote for this car sends when its page was opened from a meet card in this tab: { source, eventId? }. */
export function meetCardAttribution(slug: string): { source?: 'card'; eventId?: number } {
  try {
    const stored = window.sessionStorage.getItem(cardVisitKey(slug));
    if (stored === null) return {};
    const { eventId } = JSON.parse(stored) as { eventId?: unknown };
    return typeof eventId === 'number' && Number.isInteger(eventId) && eventId > 0
      ? { source: 'card', eventId }
      : { source: 'card' };
  } catch {
    return {};
  }
}

/** After the vote: the card visit has been counted (or refused), so a later vote is not attributed to it again. */
export function forgetMeetCardVisit(slug: string): void {
  try {
    window.sessionStorage.removeItem(cardVisitKey(slug));
  } catch {
    // Nothing stored.
  }
}

import { MEET_CARD_SOURCE, stripTrackingParams } from '@curbside/shared';

/** Where a car page opened from a meet card's QR code remembers it, per car, for this tab (issue 26). */
const cardVisitKey = (slug: string) => `curbside:meet-card:${slug}`;

/**
 * Removes utm_* and fbclid from the address bar in place: no new history entry, no navigation. A car page opened from
 * a meet card (`/cars/<slug>?src=card&event=<id>`) is remembered for its Vote button first, then src and event go too.
 */
export function stripTrackingParamsFromAddress(): void {
  const { pathname, search, hash } = window.location;
  const current = `${pathname}${search}${hash}`;
  const cleaned = stripTrackingParams(rememberMeetCardVisit(pathname, search) ?? current);
  if (cleaned !== current) window.history.replaceState(window.history.state, '', cleaned);
}

/** The address without src and event when it is a car page opened from a meet card (remembered); else null. */
function rememberMeetCardVisit(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  const car = /^\/cars\/([^/]+)\/?$/.exec(pathname);
  if (!car?.[1] || params.get('src') !== MEET_CARD_SOURCE) return null;
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
  return `${pathname}${query ? `?${query}` : ''}${window.location.hash}`;
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

import { stripTrackingParams } from '@curbside/shared';

/**
 * Removes utm_* and fbclid from the address bar in place: no new history entry, no navigation. A meet card's src and
 * event go when the car page's Vote button has read them (lib/meet-card-visit.ts).
 */
export function stripTrackingParamsFromAddress(): void {
  const { pathname, search, hash } = window.location;
  const current = `${pathname}${search}${hash}`;
  const cleaned = stripTrackingParams(current);
  if (cleaned !== current) window.history.replaceState(window.history.state, '', cleaned);
}

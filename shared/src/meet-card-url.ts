// The address a meet card's QR code opens. No imports: the app shell reads MEET_CARD_SOURCE on every page.

/** The `src` value of a card's QR code address, and the vote source it becomes. */
export const MEET_CARD_SOURCE = 'card';

/** The address a card's QR code opens: the car's page, marked as scanned from a card (and at which event). */
export function meetCardUrl(publicUrl: string, slug: string, eventId?: number | null): string {
  const event = eventId ? `&event=${eventId}` : '';
  return `${publicUrl}/cars/${encodeURIComponent(slug)}?src=${MEET_CARD_SOURCE}${event}`;
}

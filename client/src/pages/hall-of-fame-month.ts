import { type HallOfFameWinners, isMonthKey } from '@curbside/shared';

// Which month /hall-of-fame shows, as the page reads it from its address: apart from the page, so that the server's
// render (server-pages.ts) and the address a rendered page is kept under (page-address.ts) read it the same way.

/** The month the address names (`?month=2026-10`), or null when it names none or none that can be. */
export function askedHallOfFameMonth(search: string): string | null {
  const asked = new URLSearchParams(search).get('month');
  return asked && isMonthKey(asked) ? asked : null;
}

/** The month shown: the one the address names, else the newest closed month (undefined while there is none). */
export function hallOfFameMonth(search: string, winners: HallOfFameWinners | undefined): string | undefined {
  return askedHallOfFameMonth(search) ?? winners?.[0]?.month;
}

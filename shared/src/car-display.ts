// How a car card picks its numbers and pictures (part 1 §2, §9). Imports nothing: the islands' script uses it too
// (client/src/islands/gallery-more.ts), and a module of the app's entry imported here would be shared with it.

/**
 * The vote count a car card shows: this month's votes, else the all-time total, else 0. As in the spec's product,
 * a car with no votes this month shows its all-time total rather than 0.
 */
export function carVoteCount(car: { lastMonthVotes?: number | null; totalVotes?: number | null }): number {
  return car.lastMonthVotes || car.totalVotes || 0;
}

/** Which count carVoteCount gives: 'month' when the car has votes this month, else 'all' (the all-time total). */
export function carVotePeriod(car: { lastMonthVotes?: number | null }): 'month' | 'all' {
  return car.lastMonthVotes ? 'month' : 'all';
}

/** How wide the car page displays its main photo (the img's `sizes`); the server preloads that photo with the same. */
export const CAR_MAIN_IMAGE_SIZES =
  '(min-width: 110em) 1100px, (min-width: 90em) 900px, (min-width: 62em) 720px, 100vw';

/** How wide a car card displays its photo (gallery, home top cars); the server preloads the home page's first one. */
export const CAR_CARD_IMAGE_SIZES = '(min-width: 75em) 33vw, (min-width: 48em) 50vw, 100vw';

/** The `srcset` of a photo's responsive WebP variants, or undefined when it has none (an outside URL). */
export function imageSrcSet(image: {
  variants?: { w400?: string; w800?: string; w1600?: string } | null;
}): string | undefined {
  const v = image.variants;
  if (!v) return undefined;
  const entries: string[] = [];
  if (v.w400) entries.push(`${v.w400} 400w`);
  if (v.w800) entries.push(`${v.w800} 800w`);
  if (v.w1600) entries.push(`${v.w1600} 1600w`);
  return entries.length ? entries.join(', ') : undefined;
}

/** The primary image, else the first, else null. */
export function primaryImage<Image extends { isPrimary?: boolean | null }>(
  images: readonly Image[] | null | undefined,
): Image | null {
  return images?.find((image) => image.isPrimary) ?? images?.[0] ?? null;
}

import { LIMITS } from './limits';

// How a car card picks its numbers and pictures (part 1 §2, §9).

/**
 * The vote count a car card shows: this month's votes, else the all-time total, else 0. As in the spec's product,
 * a car with no votes this month shows its all-time total rather than 0.
 */
export function carVoteCount(car: { lastMonthVotes?: number | null; totalVotes?: number | null }): number {
  return car.lastMonthVotes || car.totalVotes || 0;
}

/** The primary image, else the first, else null. */
export function primaryImage<Image extends { isPrimary?: boolean | null }>(
  images: readonly Image[] | null | undefined,
): Image | null {
  return images?.find((image) => image.isPrimary) ?? images?.[0] ?? null;
}

/** Share previews skip images over 8 MB; an image of unknown size is allowed. */
export function isShareableImage(image: { fileSize?: number | null }): boolean {
  return (image.fileSize ?? 0) <= LIMITS.shareImageMaxBytes;
}

import { type Car, SHARE_HASHTAGS, SITE_NAME } from '@curbside/shared';

// No React here: the car page's islands (islands/share.ts) build the same links.

/** Share links for a car page (spec part 1 §2, §9: the site's own hashtags). */
export function shareLinks(pageUrl: string, car: Pick<Car, 'year' | 'make' | 'model'>) {
  const url = encodeURIComponent(pageUrl);
  const text = encodeURIComponent(`Check out this ${car.year} ${car.make} ${car.model} on ${SITE_NAME}!`);
  const hashtags = encodeURIComponent(SHARE_HASHTAGS.join(','));
  const hashText = encodeURIComponent(SHARE_HASHTAGS.map((tag) => `#${tag}`).join(' '));
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}&hashtag=${encodeURIComponent(`#${SHARE_HASHTAGS[0]}`)}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${text}&hashtags=${hashtags}`,
    // Instagram has no web share address: the link opens Instagram and the caption text goes to the clipboard.
    instagram: 'https://www.instagram.com/',
    caption: `${decodeURIComponent(text)} ${decodeURIComponent(hashText)} ${pageUrl}`,
  };
}

/** What the card says in the QR code's place when it cannot be made. */
export const SHARE_QR_FAILED = 'Failed to generate QR code';

import { CAR_CARD_IMAGE_SIZES, CAR_MAIN_IMAGE_SIZES, imageSrcSet, LIMITS, shareDescription } from '@curbside/shared';
import { carPageUrl, type PreviewPhoto, type ShareService } from './share.service';
import { shareImagePath } from './share-image';

// Link-preview crawlers do not run JavaScript: the HTML of a car page carries its Open Graph and Twitter tags. It also
// asks the browser to start fetching the main photo at once, rather than after the scripts and the car's data.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

export interface SiteIdentity {
  publicUrl: string;
  siteName: string;
}

/** The tags for a car page, or null when there is no car with that slug. */
export async function carPreviewTags(share: ShareService, site: SiteIdentity, slug: string): Promise<string | null> {
  const car = await share.previewCar(slug);
  if (!car) return null;
  const title = `${car.year} ${car.make} ${car.model} | ${site.siteName}`;
  const description = shareDescription(car.story) || `${car.year} ${car.make} ${car.model} on ${site.siteName}.`;
  const url = carPageUrl(site.publicUrl, car.slug);
  const image = `${site.publicUrl}${shareImagePath(car.slug)}`;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', site.siteName],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:image:width', String(LIMITS.sharePreviewWidth)],
    ['property', 'og:image:height', String(LIMITS.sharePreviewHeight)],
    ['property', 'og:image:alt', `${car.make} ${car.model}`],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  const mainPhoto = photoPreload(await share.firstPhoto(car.id), CAR_MAIN_IMAGE_SIZES);
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...(mainPhoto ? [mainPhoto] : []),
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}

/** The home page's extra head tags: a preload of the first Top Cars of the Month card's photo, if there is one. */
export async function homePageTags(share: ShareService): Promise<string | null> {
  return photoPreload(await share.topCarPhoto(), CAR_CARD_IMAGE_SIZES);
}

/**
 * A preload of a car's first photo, with the srcset and `sizes` of the img that will show it, so the browser fetches
 * exactly the file the img will use.
 */
function photoPreload(photo: PreviewPhoto | null, sizes: string): string | null {
  if (!photo) return null;
  const href = photo.variants?.w800 ?? photo.url;
  const srcset = imageSrcSet(photo);
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(href)}"${responsive} fetchpriority="high" />`;
}

/**
 * index.html with `tags` added to its head. A function gives the replacement: a replacement string would read `$'`,
 * `` $` `` and `$&` in a car's story as "the rest of the page" and copy index.html's body into the head.
 */
export function withHeadTags(indexHtml: string, tags: string): string {
  return indexHtml.replace('</head>', () => `  ${tags}\n  </head>`);
}

/** index.html with its title and description replaced by `tags`. */
export function withPreviewTags(indexHtml: string, tags: string): string {
  const withoutDefaults = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '');
  return withHeadTags(withoutDefaults, tags);
}

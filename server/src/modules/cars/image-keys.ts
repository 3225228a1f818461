import type { CarImageEntity } from './car-image.entity';

/** Keys of an image row: the original and its variants (derived from the urls the server wrote). */
export function imageKeys(image: Pick<CarImageEntity, 'storageKey' | 'variants'>): string[] {
  const variantKeys = Object.values(image.variants ?? {})
    .filter((url): url is string => typeof url === 'string' && url.startsWith('/api/file/'))
    .map((url) => url.slice('/api/file/'.length));
  return [image.storageKey, ...variantKeys];
}

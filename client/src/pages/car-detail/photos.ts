import type { CarImage } from '@curbside/shared';

/** Whose photos a set of a car's photos are: the site's (official) or the owner's. */
export type PhotoKind = 'official' | 'owner';

/** A car's photo with its name on the page ('official photo 2'), unique among the car's photos. */
export interface NamedPhoto {
  image: CarImage;
  name: string;
}

/** The photos of one kind, named in order. */
export const namedPhotos = (kind: PhotoKind, images: CarImage[]): NamedPhoto[] =>
  images.map((image, i) => ({ image, name: `${kind} photo ${i + 1}` }));

// What an island's script reads from its root element, which the server rendered (no React here: the islands'
// script imports this).
import type { CarImage, ToastText } from '@curbside/shared';

/**
 * What an island's script reads from its root element (islands/main.ts): values the server knows and the script would
 * otherwise have to bundle (the script imports nothing the app's entry has, so the two share no chunk).
 */
export const islandProps = (props: object) => ({ 'data-island-props': JSON.stringify(props) });

/** The props `islandProps` put on `root`, or {} when it has none or they are not JSON. */
export function readIslandProps<T extends object>(root: HTMLElement): Partial<T> {
  try {
    return JSON.parse(root.dataset.islandProps ?? '{}') as Partial<T>;
  } catch {
    return {};
  }
}

/** The header's props (islands/header.ts). */
export interface HeaderIslandProps {
  /** How far the page scrolls before the bar turns opaque (px). */
  opaqueAfter: number;
  /** The burger's name when its menu is closed, and when it is open. */
  menuLabels: [string, string];
}

/** The featured cars' props (islands/featured-slider.ts). */
export interface SliderIslandProps {
  /** How long a slide shows before the next (ms). */
  intervalMs: number;
}

/** A car's share card (islands/share.ts). */
export interface ShareIslandProps {
  slug: string;
  year: number;
  make: string;
  model: string;
  /** The QR code's text alternative. */
  qrAlt: string;
}

/** A car's Vote button (islands/vote.ts): the car, and its counts as the page shows them. */
export interface VoteIslandProps {
  carId: number;
  slug: string;
  hasVoted: boolean;
  totalVotes: number;
  lastMonthVotes: number;
}

/** A car page's photo and its name on the page ('official photo 2'), as the page's photo grids have it. */
export interface CarIslandPhoto {
  image: CarImage;
  name: string;
}

/** A car page's photos, print choice and lightbox (islands/car-photos.ts). */
export interface CarIslandProps {
  carId: number;
  /** The car's name ('1984 Toyota Land Cruiser'), the start of each photo's text alternative. */
  alt: string;
  /** In the page's order: official photos, then the owner's. */
  photos: CarIslandPhoto[];
}

/**
 * A control that loads `href` on an islands page: a button of a `data-island="navigate"` root (islands/navigate.ts),
 * its click before the script runs kept (EARLY_CLICKS_SCRIPT).
 */
export const islandLink = (href: string) => ({ 'data-href': href, 'data-island-action': 'navigate' });

/** The gallery's Load More beyond the pages an address shows (islands/gallery-more.ts). */
export interface GalleryMoreIslandProps {
  /** The cars.page input of the next page: its category and the cursor after the last card shown. */
  next: { limit: number; category?: string; cursor: string };
  /** The img's `sizes` of a card's photo. */
  imageSizes: string;
  /** A card's photo when it has none, or it fails to load. */
  placeholder: string;
  /** The toast when the next page cannot be fetched (Load More stays, to try again). */
  failed: ToastText;
  /** The card's texts that depend on the car (CAR_CARD_MESSAGES). */
  texts: {
    unknownOwner: string;
    otherCategory: string;
    noVotes: string;
    votePeriod: { month: string; all: string };
    voteUnit: { one: string; other: string };
  };
}

/**
 * The card texts of `GalleryMoreIslandProps`, picked from the catalogue's (CAR_CARD_MESSAGES, passed in: the islands'
 * script bundles no catalogue).
 */
export const galleryCardTexts = ({
  unknownOwner,
  otherCategory,
  noVotes,
  votePeriod,
  voteUnit,
}: GalleryMoreIslandProps['texts']): GalleryMoreIslandProps['texts'] => ({
  unknownOwner,
  otherCategory,
  noVotes,
  votePeriod,
  voteUnit,
});

import { type HallOfFamePlace, type LeaderboardEntry, MESSAGES, primaryImage } from '@curbside/shared';

/** A place on a ranking: a live entry (with its change since yesterday) or a closed month's car. */
export type RankedCar = Omit<LeaderboardEntry, 'change' | 'isNew'> &
  Partial<Pick<LeaderboardEntry, 'change' | 'isNew'>>;
/** A closed month's place whose car was deleted or unlisted since: named as stored when the month closed. */
export type RemovedPlace = { removed: true } & Pick<HallOfFamePlace, 'rank' | 'votes' | 'name' | 'ownerName'>;
export type Place = RankedCar | RemovedPlace;

/** What every layout of a place shows: its name, where it links, its photo, owner and classification. */
export function placeFacts(place: Place) {
  if ('removed' in place) {
    return {
      key: `removed-${place.rank}`,
      name: MESSAGES.hallOfFame.removed(place.name),
      href: null,
      image: null,
      owner: place.ownerName || MESSAGES.carCard.unknownOwner,
      classification: null,
    };
  }
  return {
    key: String(place.id),
    name: `${place.year} ${place.make} ${place.model}`,
    href: `/cars/${place.slug}`,
    image: primaryImage(place.images),
    owner: place.ownerName || MESSAGES.carCard.unknownOwner,
    classification: place.category || MESSAGES.carCard.otherCategory,
  };
}

import type { Car, HallOfFamePlace, LeaderboardEntry } from '@curbside/shared';

/** A car as the server returns it, for client tests. */
export function makeCarDto(id: number, overrides: Partial<Car> = {}): Car {
  return {
    id,
    slug: `car-${id}`,
    make: 'Nissan',
    model: `Skyline ${id}`,
    year: 1999,
    category: 'JDM',
    story: 'A clean R34 with a long history of weekend meets.',
    specs: null,
    additionalSpecs: { engine: 'RB26', horsepower: 280, modified: true },
    featured: false,
    published: true,
    legalAgreement: true,
    ownerId: null,
    ownerName: 'Sam Driver',
    ownerDetails: null,
    images: [
      {
        id: id * 10,
        url: `/api/file/cars/${id}/a.jpg`,
        isPrimary: true,
        isAdminUploaded: true,
        caption: null,
        fileSize: 1000,
        width: 2400,
        height: 1600,
        variants: { w400: `/api/file/cars/${id}/a.w400.webp`, w800: `/api/file/cars/${id}/a.w800.webp` },
      },
    ],
    totalVotes: 10,
    lastMonthVotes: 3,
    hasVoted: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeEntry(rank: number, car: Car, overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return { ...car, rank, votes: car.lastMonthVotes, change: 0, isNew: false, ...overrides };
}

/** A closed month's place of `car`, named as the server stores it at closing. */
export function makePlace(rank: number, votes: number, car: Car): HallOfFamePlace {
  return { rank, votes, name: `${car.year} ${car.make} ${car.model}`, ownerName: car.ownerName ?? '', car };
}

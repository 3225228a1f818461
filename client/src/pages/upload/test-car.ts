import type { Car } from '@curbside/shared';

/** A car as the server returns it, for page tests. */
export function makeCar(overrides: Partial<Car> = {}): Car {
  return {
    id: 3,
    slug: 'mazda-rx-7-1',
    make: 'Mazda',
    model: 'RX-7',
    year: 1993,
    category: 'JDM',
    story: null,
    specs: null,
    additionalSpecs: { engine: '13B-REW', horsepower: 255, modified: true },
    featured: false,
    published: true,
    legalAgreement: true,
    ownerId: 7,
    ownerName: 'Ana',
    ownerDetails: null,
    images: [
      {
        id: 11,
        url: '/api/file/a.jpg',
        isPrimary: true,
        isAdminUploaded: false,
        caption: null,
        fileSize: 10,
        width: 2400,
        height: 1600,
      },
      {
        id: 12,
        url: '/api/file/b.jpg',
        isPrimary: false,
        isAdminUploaded: false,
        caption: null,
        fileSize: 10,
        width: 2400,
        height: 1600,
      },
    ],
    totalVotes: 0,
    lastMonthVotes: 0,
    hasVoted: false,
    createdAt: '2025-02-01T00:00:00.000Z',
    ...overrides,
  };
}

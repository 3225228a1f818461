export const HOME_MESSAGES = {
  noFeaturedCars: 'No cars available to display',
  /** The hero's counters (part 1 §2 names them). */
  counters: { featuredCars: 'Featured Cars', totalVotes: 'Total Votes', printsOrdered: 'Prints Ordered' },
} as const;

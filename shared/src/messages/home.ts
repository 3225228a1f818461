export const HOME_MESSAGES = {
  noFeaturedCars: 'No cars available to display',
} as const;

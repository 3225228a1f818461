/** Car cards on home, gallery and profile (part 1 §2). */
export const CAR_CARD_MESSAGES = {
  unknownOwner: 'Unknown',
  otherCategory: 'Other',
  uncategorized: 'Uncategorized',
  modifiedTag: 'Modified',
  horsepowerTag: (horsepower: string | number) => `${horsepower} HP`,
  /** Home top cars and the car page badge. */
  rankBadge: (rank: number) => `#${rank} This Month`,
  featuredBadge: 'Featured',
} as const;

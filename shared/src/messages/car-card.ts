const VOTE_PERIOD = { month: 'this month', all: 'all time' } as const;

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
  /** Chosen: which count a card's heart shows (a card shows this month's votes, else the all-time total). */
  votePeriod: VOTE_PERIOD,
  /** Chosen: a car without a vote in either count (not "0 votes all time"). */
  noVotes: 'No votes yet',
  /** A car page's count: 'No votes yet', or '3 votes this month' / '1 vote all time'. */
  votesLine: (votes: number, period: keyof typeof VOTE_PERIOD) =>
    votes === 0 ? 'No votes yet' : `${votes} ${votes === 1 ? 'vote' : 'votes'} ${VOTE_PERIOD[period]}`,
  /** The word after a card's count, for screen readers ("7 votes this month"). */
  voteUnit: { one: 'vote', other: 'votes' },
} as const;

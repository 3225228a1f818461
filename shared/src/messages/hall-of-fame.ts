// Chosen: the Hall of Fame is beyond the spec.
const CAR_OF_THE_MONTH = 'Car of the Month';

export const HALL_OF_FAME_MESSAGES = {
  title: 'Hall of Fame',
  intro: "Every month's final ranking, frozen when the month ends (US Central time).",
  empty: 'No month has closed yet. The first Hall of Fame entry appears when this month ends.',
  loadError: 'The Hall of Fame could not be loaded. Please try again.',
  monthPicker: 'Month',
  badMonth: 'Choose a month as YYYY-MM, for example 2026-10.',
  monthNotClosed: 'That month has not closed yet, or nobody voted in it.',
  pastWinners: 'Past winners',
  pastMonths: 'Past months',
  finalRanking: (month: string) => `The final ranking of ${month}, frozen when the month ended.`,
  winnerOf: (month: string) => `Car of the Month, ${month}:`,
  /** A car's place in a closed month: "Car of the Month · October 2026" for the winner, "#3 · September 2026" else. */
  honour: (rank: number, month: string) => (rank === 1 ? `${CAR_OF_THE_MONTH} · ${month}` : `#${rank} · ${month}`),
  /** A place whose car has been deleted or unlisted since the month closed. */
  removed: (name: string) => `${name} (removed)`,
  votesInMonth: (votes: number) => `${votes} ${votes === 1 ? 'vote' : 'votes'} that month`,
} as const;

// Chosen: the Hall of Fame is beyond the spec (issue 26).
export const HALL_OF_FAME_MESSAGES = {
  title: 'Hall of Fame',
  intro: "Every month's final ranking, frozen when the month ends (US Central time).",
  empty: 'No month has closed yet. The first Hall of Fame entry appears when this month ends.',
  loadError: 'The Hall of Fame could not be loaded. Please try again.',
  monthPicker: 'Month',
  carOfTheMonth: 'Car of the Month',
  badMonth: 'Choose a month as YYYY-MM, for example 2026-10.',
  monthNotClosed: 'That month has not closed yet, or nobody voted in it.',
  pastWinners: 'Past winners',
  pastMonths: 'Past months',
  finalRanking: (month: string) => `The final ranking of ${month}, frozen when the month ended.`,
  winnerOf: (month: string) => `Car of the Month, ${month}:`,
  votesInMonth: (votes: number) => `${votes} ${votes === 1 ? 'vote' : 'votes'} that month`,
} as const;

export const LEADERBOARD_MESSAGES = {
  title: 'Voting Leaderboard',
  empty: 'No cars have been voted on yet. Be the first to vote!',
  loadError: 'There was an error loading the leaderboard. Please try again later.',
} as const;

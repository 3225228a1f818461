export const VOTE_MESSAGES = {
  recorded: { title: 'Vote recorded!', message: 'Thank you for supporting this car.' },
  alreadyVoted: { title: 'Already voted', message: 'You can vote for this car again after 24 hours.' },
  /** Title, with the server's message or this fallback text. */
  failed: { title: 'Voting failed', message: 'You may have already voted for this car recently.' },
} as const;

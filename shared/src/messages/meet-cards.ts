// Chosen: meet cards are beyond the spec.
export const MEET_CARD_MESSAGES = {
  /** Printed under the QR code of every card. */
  votePrompt: (siteName: string) => `Scan to vote for this car on ${siteName}`,
  ownedBy: (owner: string) => `Owned by ${owner}`,
  download: 'Download meet card',
  downloadHint: 'A printable card for your dashboard, with a QR code visitors scan to vote.',
  adminDownload: 'Meet cards (PDF)',
  layout: 'Layout',
  layoutA6: 'One A6 card per page',
  layoutSheet: 'Four cards per Letter sheet',
  layoutSheetA4: 'Four cards per A4 sheet',
  event: 'Event (optional)',
  noEvent: 'No event',
  noCarsChosen: 'Choose at least one car to print its meet card.',
  tooManyCars: (max: number) => `A meet-card PDF holds at most ${max} cars. Choose fewer cars and try again.`,
  notYourCar: 'You can only print meet cards for your own cars.',
  eventNotFound: 'That event does not exist.',
  eventNotRunning:
    "This meet card's event is not running now, so your vote was not counted. Vote again to count it without the event.",
  statsTitle: 'Votes Through Meet Cards',
  statsEmpty: 'No vote has come through a meet card yet.',
  statsNoEvent: 'No event',
  statsEvent: 'Event',
  statsVotes: 'Votes',
  statsLoadError: 'The meet-card statistics could not be loaded. Please try again.',
} as const;

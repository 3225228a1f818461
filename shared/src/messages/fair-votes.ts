import { formatCentralDateTime } from '../central-time';
import type { ToastText } from './toast';

/** Chosen: the admin dashboard's Fair Votes tab (issue 41 part 7) and its server's refusals. */
export const FAIR_VOTE_MESSAGES = {
  tab: 'Fair Votes',
  title: (month: string) => `Fair-Vote Review: Top 20 of ${month}`,
  intro:
    "Each car's counted votes this month (US Central), where they came from, and the share of the busiest address blocks (/24 for IPv4, /64 for IPv6). Votes cast before blocks were recorded show as block unknown.",
  loadError: 'Could not load the fair-vote review.',
  empty: 'No votes this month yet.',
  votes: 'Votes',
  voided: 'Voided',
  busiestShare: 'Ten busiest blocks',
  cardShare: 'Meet-card scans',
  firstSeenShare: 'Addresses first seen that day',
  byDay: 'Votes by Day and Hour (US Central)',
  day: 'Day',
  hours: 'Hours with votes',
  blockVotes: (block: string, votes: number) => `${block} · ${votes} ${votes === 1 ? 'vote' : 'votes'}`,
  blocks: 'Busiest address blocks',
  /** The car dialog's section headings (title case, as every heading of the dashboard). */
  blocksTitle: 'Busiest Address Blocks',
  block: 'Block',
  blockUnknown: 'Block unknown',
  cardEvents: 'Meet-Card Scans by Event',
  noEvent: 'No event',
  noCardVotes: 'No votes through meet cards.',
  voidAction: 'Void votes',
  voidTitle: (car: string) => `Void votes for ${car}`,
  voidHelp:
    'Votes from the chosen blocks cast inside the window (this month only) stop counting. They are kept and can be restored until the month ends.',
  from: 'From (US Central)',
  to: 'To (US Central)',
  note: 'Note',
  noteRequired: 'Say why these votes are voided.',
  blocksRequired: 'Choose at least one address block.',
  windowInvalid: 'The window must end after it starts.',
  windowOutOfReach:
    'Only votes of the current month can be voided or restored: earlier months are in the Hall of Fame.',
  voidNotFound: 'That void was not found.',
  alreadyRestored: 'Those votes were already restored.',
  nothingToVoid: 'No counted votes of that car match those blocks and that window.',
  confirmVoid: 'Void',
  cancel: 'Cancel',
  history: 'Voids and Restores',
  noHistory: 'No votes have been voided.',
  restore: 'Restore',
  restored: (by: string, at: string) => `Restored by ${by}, ${formatCentralDateTime(at)}`,
  voidedBy: (by: string, at: string) => `${by}, ${formatCentralDateTime(at)}`,
  window: (from: string, to: string) => `${formatCentralDateTime(from)} – ${formatCentralDateTime(to)}`,
  car: 'Car',
  when: 'Voided by',
  count: 'Votes',
  /** A void's votes in its phone card, where no column heading says what the number is. */
  voidedCount: (votes: number) => `${votes} ${votes === 1 ? 'vote' : 'votes'} voided`,
  done: {
    voided: (count: number, car: string): ToastText => ({
      title: 'Success!',
      message: `${count} ${count === 1 ? 'vote' : 'votes'} for ${car} no longer count.`,
    }),
    restored: (count: number, car: string): ToastText => ({
      title: 'Success!',
      message: `${count} ${count === 1 ? 'vote' : 'votes'} for ${car} count again.`,
    }),
  },
} as const;

import { LIMITS } from './limits';

// Voting windows (part 1 §9): the monthly leaderboard resets at the start of each calendar month (UTC),
// and one IP may vote for a car once every 24 hours.

/** First instant of the UTC month that contains `date`. */
export function monthStartUtc(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** First instant of the next UTC month: the exclusive end of the month that contains `date`. */
export function nextMonthStartUtc(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

export function isSameUtcMonth(a: Date, b: Date): boolean {
  return a.getUTCFullYear() === b.getUTCFullYear() && a.getUTCMonth() === b.getUTCMonth();
}

/** When the same voter may vote for the same car again. */
export function voteCooldownEndsAt(lastVoteAt: Date | string): Date {
  return new Date(new Date(lastVoteAt).getTime() + LIMITS.voteCooldownMs);
}

/** True while a vote cast at lastVoteAt still blocks a new one at `now`. */
export function isInVoteCooldown(lastVoteAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() < voteCooldownEndsAt(lastVoteAt).getTime();
}

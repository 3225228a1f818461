import { centralWallTimeToUtc, utcToCentralWallTime } from './central-time';
import { LIMITS } from './limits';

// Voting windows (part 1 §9): the monthly leaderboard resets at the start of each calendar month, in US Central time
// like the rest of the site (docs/decisions.md), and one IP may vote for a car once every 24 hours.

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** MONTH_KEY as the OpenAPI document states it. */
export const MONTH_KEY_PATTERN = MONTH_KEY.source;

/** 'YYYY-MM': the Central calendar month an instant falls in (the key of the monthly tallies and the Hall of Fame). */
export function centralMonthKey(instant: Date): string {
  const time = instant.getTime();
  if (lastMonth && time >= lastMonth.start && time < lastMonth.end) return lastMonth.key;
  const key = utcToCentralWallTime(instant).slice(0, 7);
  lastMonth = { key, start: centralMonthStart(key).getTime(), end: nextCentralMonthStart(key).getTime() };
  return key;
}

/** The month last asked for: votes and reads ask about the current month again and again (each vote, each read). */
let lastMonth: { key: string; start: number; end: number } | undefined;

/** Whether `value` is a month key 'YYYY-MM'. */
export function isMonthKey(value: string): boolean {
  return MONTH_KEY.test(value);
}

/** The month key `offset` months after `month` (negative: before). */
export function addMonths(month: string, offset: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, monthNumber - 1 + offset, 1));
  return shifted.toISOString().slice(0, 7);
}

/** The first instant of a Central month (midnight on the 1st, CST or CDT), given its key or an instant inside it. */
export function centralMonthStart(month: string | Date): Date {
  const key = typeof month === 'string' ? month : centralMonthKey(month);
  // A real wall time: midnight is never skipped by a DST switch (they happen at 02:00).
  return centralWallTimeToUtc(`${key}-01T00:00`) as Date;
}

/** The exclusive end of a Central month: the first instant of the next one. */
export function nextCentralMonthStart(month: string | Date): Date {
  const key = typeof month === 'string' ? month : centralMonthKey(month);
  return centralMonthStart(addMonths(key, 1));
}

/** 'October 2026' for '2026-10'. */
export function monthLabel(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const name = new Date(Date.UTC(year, monthNumber - 1, 15)).toLocaleString('en-US', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${year}`;
}

/** When the same voter may vote for the same car again. */
export function voteCooldownEndsAt(lastVoteAt: Date | string): Date {
  return new Date(new Date(lastVoteAt).getTime() + LIMITS.voteCooldownMs);
}

/** True while a vote cast at lastVoteAt still blocks a new one at `now`. */
export function isInVoteCooldown(lastVoteAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() < voteCooldownEndsAt(lastVoteAt).getTime();
}

import { isMonthKey, LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@curbside/shared';
import { LANDING_INPUTS } from '../landing-inputs';

/**
 * The leaderboard's period as its address names it (`/leaderboard?period=all`): This Month, the default, unless the
 * query string names another known period, so a stray or old value shows the default page.
 */
export function leaderboardPeriodOf(search: string): LeaderboardPeriod {
  const named = new URLSearchParams(search).get('period');
  return LEADERBOARD_PERIODS.find((period) => period === named) ?? LANDING_INPUTS.leaderboard.period;
}

/** What the leaderboard asks for at an address with `search` as its query string. */
export const leaderboardInput = (search: string) => ({
  ...LANDING_INPUTS.leaderboard,
  period: leaderboardPeriodOf(search),
});

/** A closed month the address names (`/leaderboard?month=2026-10`), or null for the live leaderboard. */
export function leaderboardMonthOf(search: string): string | null {
  const month = new URLSearchParams(search).get('month');
  return month && isMonthKey(month) ? month : null;
}

import { LEADERBOARD_PERIOD_LABELS, LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@curbside/shared';
import classes from './leaderboard.module.css';

/**
 * This Month / All Time: two radio buttons drawn as one switch. The highlight is the checked option's own background
 * (CSS), so it sits on its label from the server's first paint, before any script, and at any font or width; on a
 * closed month (`value` null) neither is checked and nothing is highlighted.
 */
export function PeriodSwitch({
  value,
  onChange,
  islandHref,
}: {
  value: LeaderboardPeriod | null;
  onChange: (period: LeaderboardPeriod) => void;
  /** On an islands page (islands/navigate.ts), each period's address. */
  islandHref?: (period: LeaderboardPeriod) => string;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="Period"
      className={classes.switch}
      data-island={islandHref ? 'navigate' : undefined}
    >
      {LEADERBOARD_PERIODS.map((period) => (
        <label key={period} className={classes.switchOption}>
          <input
            type="radio"
            name="leaderboard-period"
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
            data-href={islandHref?.(period)}
            data-island-action={islandHref ? 'navigate' : undefined}
            autoComplete={islandHref ? 'off' : undefined}
          />
          <span>{LEADERBOARD_PERIOD_LABELS[period]}</span>
        </label>
      ))}
    </div>
  );
}

// The coming-soon launch date: a calendar date 'YYYY-MM-DD' with no time and no zone (part 1 §2, part 2 §5).

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Formatting a date-only value in UTC keeps March 5 on March 5 whatever the viewer's zone.
const longDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

function calendarDateToUtc(value: string): Date | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  // Defaults never apply: CALENDAR_DATE has three groups that all take part in every match.
  const [year = 0, month = 0, day = 0] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const isRealDate = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDate ? date : null;
}

/** 'YYYY-MM-DD' naming a real calendar day (2025-02-29 is not). */
export function isValidLaunchDate(value: string): boolean {
  return calendarDateToUtc(value) !== null;
}

/** '2025-03-05' → 'March 5, 2025'. An empty or invalid value gives '' so the page simply shows no date. */
export function formatLaunchDate(value: string | null | undefined): string {
  const date = value ? calendarDateToUtc(value) : null;
  return date ? longDate.format(date) : '';
}

/** The key of the monthly tally row that `date` falls in: 'YYYY-MM' in UTC. */
export function utcMonthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

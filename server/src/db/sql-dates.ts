import type { DataSource } from 'typeorm';

// Raw SQL and dates: SQLite stores TypeORM's 'YYYY-MM-DD HH:mm:ss.SSS' UTC text, mysql2 reads and writes Date
// objects (the connection runs in UTC).

/** SQLite's stored text form of a date. */
export function sqliteDateText(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** A date as a raw-SQL parameter for this database. */
export function sqlDateParam(ds: DataSource, date: Date): Date | string {
  return ds.options.type === 'better-sqlite3' ? sqliteDateText(date) : date;
}

/** A datetime column read by raw SQL, as a Date. */
export function readSqlDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}

/**
 * SQL for the Central month key ('YYYY-MM', as centralMonthKey computes it) of a UTC datetime column, for rebuilding
 * tallies in bulk. A month starts at midnight Central: 05:00 UTC for April to November (daylight time: it ends on the
 * first Sunday of November at 02:00, after midnight on the 1st), 06:00 UTC for December to March. So an instant whose
 * months 5 and 6 hours earlier differ lies in the hour between those two starts of month M, and belongs to M only
 * when M starts at 05:00 UTC.
 */
export function centralMonthSql(kind: 'sqlite' | 'mysql', column: string): string {
  const shifted = (hours: number) =>
    kind === 'sqlite'
      ? `strftime('%Y-%m', ${column}, '-${hours} hours')`
      : `DATE_FORMAT(${column} - INTERVAL ${hours} HOUR, '%Y-%m')`;
  const monthNumber =
    kind === 'sqlite' ? `CAST(substr(${shifted(5)}, 6, 2) AS INTEGER)` : `MONTH(${column} - INTERVAL 5 HOUR)`;
  return `(CASE WHEN ${shifted(5)} = ${shifted(6)} OR ${monthNumber} BETWEEN 4 AND 11 THEN ${shifted(5)} ELSE ${shifted(6)} END)`;
}

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

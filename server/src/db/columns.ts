import { Column, type ColumnOptions, CreateDateColumn, UpdateDateColumn } from 'typeorm';

// Column helpers that mean the same on SQLite and MySQL/MariaDB.
// Dates keep milliseconds on MySQL (precision 3); money is integer cents (see shared/money).

export const DateTimeColumn = (options: ColumnOptions = {}) => Column({ type: 'datetime', precision: 3, ...options });
// The automatic timestamps keep the driver's own precision (datetime(6) with CURRENT_TIMESTAMP(6) on MySQL): TypeORM's
// default expression is always CURRENT_TIMESTAMP(6), and datetime(3) DEFAULT CURRENT_TIMESTAMP(6) is refused by MySQL 8
// and silently rewritten by MariaDB (which then shows up as schema drift on every comparison).
export const CreatedAtColumn = () => CreateDateColumn({ type: 'datetime' });
export const UpdatedAtColumn = () => UpdateDateColumn({ type: 'datetime' });
/** Integer cents. */
export const CentsColumn = (options: ColumnOptions = {}) => Column({ type: 'int', ...options });

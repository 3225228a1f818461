import { LIMITS, MAX_ID, MESSAGES, type Page } from '@curbside/shared';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { badRequest } from '../errors';

// Keyset pagination, the one way every growing list pages: newest first by (createdAt, id), and a page starts after
// the (createdAt, id) of the last row of the page before, handed to the client as an opaque cursor. The database
// walks its (…, createdAt) index from that key, so page 400 costs what page 1 costs; an offset makes it read and
// drop every row before the page. The documented calls keep `offset`, bounded (LIMITS.listOffsetMax).
//
// The cursor holds the timestamp exactly as the database stores it (MySQL/MariaDB keep microseconds, which a
// JavaScript Date drops): a position rounded to the millisecond would skip rows stored within that millisecond.

const V = MESSAGES.validation;

/** How many rows, and where the page starts: after a cursor, or (documented calls only) after `offset` rows. */
export interface PageRequest {
  limit: number;
  cursor?: string;
  offset?: number;
}

/** A row's place in the order: its timestamp as stored ('YYYY-MM-DD HH:MM:SS[.ffffff]', UTC) and its id. */
export interface KeysetPosition {
  at: string;
  id: number;
}

const STORED_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?$/;
const SEPARATOR = '~';

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}${SEPARATOR}${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; 400 with the catalogue's message for anything this server did not hand out. */
export function decodeCursor(cursor: string): KeysetPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [at = '', idText = '', ...rest] = text.split(SEPARATOR);
  const id = Number(idText);
  const valid =
    rest.length === 0 &&
    isStoredTime(at) &&
    /^[1-9]\d{0,9}$/.test(idText) &&
    id <= MAX_ID &&
    // One spelling per position: a cursor changed anywhere, even in base64's unused bits, is refused.
    encodeCursor({ at, id }) === cursor;
  if (!valid) throw badRequest(V.invalidCursor);
  return { at, id };
}

/** A real instant in the stored form (no 30 February, which MySQL would compare as no date at all). */
function isStoredTime(text: string): boolean {
  const parts = STORED_TIME.exec(text);
  if (!parts) return false;
  const date = new Date(`${text.slice(0, 19).replace(' ', 'T')}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19).replace('T', ' ') === text.slice(0, 19);
}

/**
 * One page of `qb` (its filters already added), newest first by (`key`, id), and the cursor of the next page (null
 * when this one is the last: one row more than the page is read to know). `(key, id) < (at, id)` is written as
 * `key <= at AND (key < at OR id < id)`, so both databases take `key <= at` as the index range and start there.
 * The list's indexes must hold the columns its filters compare for equality, then `key` (the primary key follows by
 * itself in InnoDB and SQLite), so the page's keys are read from the index alone.
 */
export async function keysetPage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  page: PageRequest,
  key = 'createdAt',
): Promise<Page<T>> {
  if (page.cursor !== undefined && page.offset !== undefined) throw badRequest(V.cursorWithOffset);
  if ((page.offset ?? 0) > LIMITS.listOffsetMax) throw badRequest(V.offsetTooLarge(LIMITS.listOffsetMax));
  const alias = qb.alias;
  const column = `${qb.escape(alias)}.${qb.escape(key)}`;
  const id = `${qb.escape(alias)}.${qb.escape('id')}`;
  qb.orderBy(`${alias}.${key}`, 'DESC').addOrderBy(`${alias}.id`, 'DESC');
  if (page.cursor !== undefined) {
    const after = decodeCursor(page.cursor);
    qb.andWhere(`${column} <= :keysetAt AND (${column} < :keysetAt OR ${id} < :keysetId)`, {
      keysetAt: after.at,
      keysetId: after.id,
    });
  }
  const sqlite = qb.connection.options.type === 'better-sqlite3';
  // The page's keys first, from the index alone (its filters' columns, createdAt and the primary key), then its rows
  // by id: asked for whole rows at once, MariaDB plans a filtered list as a walk of the filter's rows from the newest.
  const keys: { keyset_id: unknown; keyset_at: unknown }[] = await qb
    .select(id, 'keyset_id')
    .addSelect(sqlite ? column : `DATE_FORMAT(${column}, '%Y-%m-%d %H:%i:%s.%f')`, 'keyset_at')
    .limit(page.limit + 1)
    .offset(page.offset ?? 0)
    .getRawMany();
  const ids = keys.slice(0, page.limit).map((row) => Number(row.keyset_id));
  const target = qb.expressionMap.mainAlias?.target;
  if (!target) throw new Error('keysetPage: the query has no entity');
  // A new builder on `qb`'s connection: a list read on a replica (db/replicas.ts) reads its rows there too.
  const rows =
    ids.length === 0
      ? []
      : await qb
          .createQueryBuilder()
          .select(alias)
          .from<T>(target, alias)
          .where(`${alias}.id IN (:...keysetIds)`, { keysetIds: ids })
          .getMany();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const items = ids.flatMap((rowId) => byId.get(rowId) ?? []);
  const last = keys[page.limit - 1];
  if (keys.length <= page.limit || !last) return { items, nextCursor: null };
  const at = last.keyset_at;
  if (typeof at !== 'string') throw new Error(`keysetPage: no stored ${key} for the last row`);
  return { items, nextCursor: encodeCursor({ at, id: Number(last.keyset_id) }) };
}

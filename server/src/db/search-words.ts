import type { Database as SqliteDatabase } from 'better-sqlite3';

// The words of a text as the word indexes hold them (the admin order search's order_words): runs of letters and
// digits, in lower case, accents dropped; everything else separates words, so an e-mail splits at '@', '.', '_',
// '-' and '+'. SQLite cannot split or fold text itself, so its triggers call wordsOf through the SQL function
// search_words (registered on every connection by createDataSource); MySQL/MariaDB split in SQL and compare under
// the column's accent- and case-insensitive collation.

/** A word is cut to this length, in the index and in a search alike. */
export const INDEXED_WORD_MAX = 60;

/** The distinct words of the texts (null and undefined count as none), in the order they come. */
export function wordsOf(...texts: (string | null | undefined)[]): string[] {
  const words = texts
    .filter((text): text is string => typeof text === 'string')
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, INDEXED_WORD_MAX));
  return [...new Set(words)];
}

/** search_words(text, …): the JSON array of wordsOf(text, …), for SQLite triggers to read with json_each. */
export function registerSqliteSearchWords(db: Pick<SqliteDatabase, 'function'>): void {
  db.function('search_words', { deterministic: true, varargs: true }, (...texts: unknown[]) =>
    JSON.stringify(wordsOf(...texts.map((text) => (typeof text === 'string' ? text : null)))),
  );
}

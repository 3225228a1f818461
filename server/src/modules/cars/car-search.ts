import type { EntityManager } from 'typeorm';
import { dialectOf } from '../../db/data-source';
import { wordsOf } from '../../db/search-words';

// The car search over its full-text index (the CarSearchIndex migrations): SQLite's FTS5 table car_search, or on
// MySQL/MariaDB the InnoDB FULLTEXT index of car_search.terms for words of four letters or more and the table of
// short prefixes car_search_prefixes for shorter ones (the CarSearchPrefixes migration). A car matches when every
// word of the text begins one of the words of its make, model or owner name; the best match first (searchCarIds).

/** Searches use at most this many words: each is one look-up in the index, and more only narrow the results. */
export const SEARCH_WORDS_MAX = 8;
/**
 * A search ranks at most this many matches, the newest: a word of one or two letters matches most cars, and ranking
 * them all would cost what the scan did. A longer word (or one more) narrows the matches to fewer, all ranked.
 */
export const SEARCH_RANKED_MAX = 2_000;
/** The prefix every word carries in the MySQL index (see the migration): it makes "M3" long enough to be indexed. */
const MYSQL_WORD_PREFIX = 'zq';

/**
 * The words of a search text, as the indexes split them (wordsOf: runs of letters and digits, lower case, accents
 * dropped, each word cut to INDEXED_WORD_MAX letters, which with its prefix stays under MySQL's
 * innodb_ft_max_token_size of 84), so quotes, `*`, `-`, `%` or `NEAR` are plain text that can never reach a query's
 * syntax. Each word once, in the order typed.
 */
export function searchWords(text: string): string[] {
  return wordsOf(text).slice(0, SEARCH_WORDS_MAX);
}

/**
 * The ids of the listed cars whose words begin with every one of `words` (from searchWords), best first: the most of
 * the typed words found as whole words ("m3" before "m340i"), then the most votes, then the newest; ranked among the
 * newest SEARCH_RANKED_MAX matches.
 */
export async function searchCarIds(em: EntityManager, words: string[], limit: number): Promise<number[]> {
  if (words.length === 0) return [];
  const rows: { id: number | string }[] =
    dialectOf(em.connection) === 'sqlite' ? await searchSqlite(em, words, limit) : await searchMysql(em, words, limit);
  return rows.map((row) => Number(row.id));
}

/** An FTS5 string: the word in double quotes, so nothing in it is an operator. */
const fts5String = (word: string) => `"${word.replaceAll('"', '""')}"`;

function searchSqlite(em: EntityManager, words: string[], limit: number) {
  const everyPrefix = words.map((word) => `${fts5String(word)}*`).join(' AND ');
  const wholeWord = '(car.id IN (SELECT rowid FROM car_search WHERE car_search MATCH ?))';
  return em.query(
    `SELECT car.id FROM cars car
      WHERE car.id IN (
          SELECT rowid FROM car_search WHERE car_search MATCH ? ORDER BY rowid DESC LIMIT ${SEARCH_RANKED_MAX})
        AND car.published = 1
      ORDER BY ${words.map(() => wholeWord).join(' + ')} DESC, car.totalVotes DESC, car.createdAt DESC, car.id DESC
      LIMIT ?`,
    [everyPrefix, ...words.map(fts5String), limit],
  );
}

/**
 * On MySQL/MariaDB a typed word of at most this many letters is looked up in car_search_prefixes (the
 * CarSearchPrefixes migration: each indexed word's first one to three letters), longer ones in the FULLTEXT index.
 * InnoDB's FULLTEXT collects every match of a prefix before the newest can be kept, which for a short prefix that
 * thousands of cars share costs what a scan does; the prefix table hands the newest over in key order.
 */
export const MYSQL_PREFIX_MAX = 3;

/** Whether a word (from searchWords) is looked up in car_search_prefixes: at most MYSQL_PREFIX_MAX characters. */
export const isPrefixWord = (word: string) => [...word].length <= MYSQL_PREFIX_MAX;

/**
 * The MySQL/MariaDB search, answering what searchSqlite does: the newest SEARCH_RANKED_MAX cars (listed or not, by
 * id) having every word, found through the prefix table for short words (a row per car and prefix, `whole` when the
 * car has the prefix as a word of its own) and FULLTEXT for the others, each joined on the car's id; then ranked.
 */
function searchMysql(em: EntityManager, words: string[], limit: number) {
  // The longest short word first: with no long word it leads the join, and a longer prefix has fewer cars.
  const short = words.filter(isPrefixWord).sort((a, b) => b.length - a.length);
  const long = words.filter((word) => !isPrefixWord(word)).map((word) => `${MYSQL_WORD_PREFIX}${word}`);
  const prefixes = short.map((_, i) => `p${i}`);
  const wholeWords = [
    ...long.map(() => '(MATCH (s.terms) AGAINST (? IN BOOLEAN MODE) > 0)'),
    ...prefixes.map((p) => `${p}.whole`),
  ].join(' + ');
  // The table the search starts from and the id every other one joins on.
  const [from, id] = long.length > 0 ? ['car_search s', 's.carId'] : ['car_search_prefixes p0', 'p0.carId'];
  const joins = prefixes
    .filter((p) => long.length > 0 || p !== 'p0')
    .map((p) => `INNER JOIN car_search_prefixes ${p} ON ${p}.prefix = ? AND ${p}.carId = ${id}`);
  const where = long.length > 0 ? 'MATCH (s.terms) AGAINST (? IN BOOLEAN MODE)' : 'p0.prefix = ?';
  const joinParams = long.length > 0 ? short : short.slice(1);
  const whereParam = long.length > 0 ? long.map((word) => `+${word}*`).join(' ') : short[0];
  return em.query(
    `SELECT car.id FROM (
        SELECT ${id} AS carId, ${wholeWords} AS wholeWords FROM ${from} ${joins.join(' ')}
        WHERE ${where} ORDER BY ${id} DESC LIMIT ${SEARCH_RANKED_MAX}) found
      INNER JOIN cars car ON car.id = found.carId
      WHERE car.published = 1
      ORDER BY found.wholeWords DESC, car.totalVotes DESC, car.createdAt DESC, car.id DESC
      LIMIT ?`,
    [...long, ...joinParams, whereParam, limit],
  );
}

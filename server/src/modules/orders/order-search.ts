import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { dialectOf } from '../../db/data-source';
import { wordsOf } from '../../db/search-words';

// The admin order search over its word index (the OrderSearchIndex migrations): order_words holds each order's words
// (its e-mail and ship-to name, its customer's e-mail, name and username), keyed (word, orderId) and indexed
// (orderId, word). An order matches when every typed word begins one of its words. Two ways to read it, chosen by
// counting each word's index entries up to TEXT_DRIVE_MAX (a bounded read):
// - some word begins few orders' words: its index range gives the candidates, each checked for the other words by
//   (orderId, word), and the list reads those orders by id;
// - every word is common: the list walks its own index newest first, as without a search, and checks each order for
//   the words (rarest first) by (orderId, word); with every word in many orders, the page fills after few orders.

/** Searches use at most this many words: each is a look-up per order checked, and more only narrow the results. */
export const ORDER_SEARCH_WORDS_MAX = 8;
/** A word beginning fewer index entries than this drives the search from its range (see above). */
export const TEXT_DRIVE_MAX = 5_000;
/** Common words are told apart by counting their entries up to this many (a bounded read of the index). */
const RARITY_MAX = 50_000;

/** How a search text narrows the orders. */
export type OrderText =
  /** An order number ('#123' or '123'): that order alone. */
  | { kind: 'number'; id: number }
  /** Words no order has, or no word at all: nothing. */
  | { kind: 'none' }
  /** The matching orders' ids, all of them (fewer than TEXT_DRIVE_MAX). */
  | { kind: 'ids'; ids: number[] }
  /** Words every one of which is common: checked per order, the rarest first. */
  | { kind: 'words'; words: string[] };

/** An order number as the admin types it: '#1042', '# 1042' or '1042'. */
const ORDER_NUMBER = /^#?\s*(\d{1,9})$/;

/** `word` (alias.word) begins with the typed word: a range of the (word, …) index on both databases. */
function prefixOf(ds: DataSource): { sql: (column: string, param: string) => string; value: (word: string) => string } {
  // The words hold letters and digits only, so none is a wildcard of GLOB or LIKE.
  return dialectOf(ds) === 'sqlite'
    ? { sql: (column, param) => `${column} GLOB :${param}`, value: (word) => `${word}*` }
    : { sql: (column, param) => `${column} LIKE :${param}`, value: (word) => `${word}%` };
}

/**
 * Where the order `orderId` (SQL) has a word beginning with each of `words`: one probe of the (orderId, word) index
 * each. A scalar subquery with that index named, not EXISTS: MariaDB turns EXISTS into a semi-join that reads every
 * order with the word (all of them, for a common one) and sorts the page, and its estimates can pick the (word, …)
 * range for the probe, a scan of that range per order.
 */
function hasWords(
  ds: DataSource,
  orderId: string,
  words: string[],
  key: string,
): {
  sql: string;
  params: Record<string, string>;
} {
  const prefix = prefixOf(ds);
  const byOrder =
    dialectOf(ds) === 'sqlite' ? 'INDEXED BY IDX_order_words_order' : 'FORCE INDEX (IDX_order_words_order)';
  const params: Record<string, string> = {};
  const sql = words
    .map((word, i) => {
      const param = `${key}${i}`;
      params[param] = prefix.value(word);
      const alias = `${key}${i}`;
      return `(SELECT ${alias}.orderId FROM order_words ${alias} ${byOrder} WHERE ${alias}.orderId = ${orderId} AND ${prefix.sql(`${alias}.word`, param)} LIMIT 1) IS NOT NULL`;
    })
    .join(' AND ');
  return { sql, params };
}

/** How many index entries begin with `word`, counting no further than `max`. */
async function entriesOf(ds: DataSource, word: string, max: number): Promise<number> {
  const prefix = prefixOf(ds);
  const [row]: { n: number | string }[] = await ds
    .createQueryBuilder()
    .select('COUNT(*)', 'n')
    .from(
      (sub) =>
        sub
          .select('1')
          .from('order_words', 'w')
          .where(prefix.sql('w.word', 'word'), { word: prefix.value(word) })
          .limit(max),
      'counted',
    )
    .getRawMany();
  return Number(row?.n ?? 0);
}

/** `words` with their entries counted up to `max`, the rarest first; of two as rare, the longer (it says more). */
async function byRarity(ds: DataSource, words: string[], max: number): Promise<{ word: string; entries: number }[]> {
  const counted = await Promise.all(words.map(async (word) => ({ word, entries: await entriesOf(ds, word, max) })));
  return counted.sort((a, b) => a.entries - b.entries || b.word.length - a.word.length);
}

/** What the search text `q` selects (see OrderText): a few bounded reads of the word index. */
export async function orderText(ds: DataSource, q: string): Promise<OrderText> {
  const number = ORDER_NUMBER.exec(q);
  if (number) return { kind: 'number', id: Number(number[1]) };
  const words = wordsOf(q).slice(0, ORDER_SEARCH_WORDS_MAX);
  if (words.length === 0) return { kind: 'none' };
  const counted = await byRarity(ds, words, TEXT_DRIVE_MAX);
  if (!counted[0] || counted[0].entries === 0) return { kind: 'none' };
  if (counted[0].entries >= TEXT_DRIVE_MAX) {
    // Every word is common. The rarest still decides what the total reads (its range, until enough match), so the
    // words are told apart by counting further; one word needs no order.
    const rarest = words.length === 1 ? counted : await byRarity(ds, words, RARITY_MAX);
    return { kind: 'words', words: rarest.map((c) => c.word) };
  }
  const rows: { orderId: number | string }[] = await ordersWithWords(
    ds,
    counted.map((c) => c.word),
  ).getRawMany();
  return rows.length === 0 ? { kind: 'none' } : { kind: 'ids', ids: rows.map((row) => Number(row.orderId)) };
}

/**
 * The ids of the orders with every one of `words` (rarest first), as `orderId`: the range of the first word in the
 * (word, orderId) index, each order of it probed for the others. The word index is `w`.
 */
export function ordersWithWords(ds: DataSource, words: string[]): SelectQueryBuilder<object> {
  const [rarest = '', ...others] = words;
  const prefix = prefixOf(ds);
  const qb = ds
    .createQueryBuilder()
    .select('DISTINCT w.orderId', 'orderId')
    .from('order_words', 'w')
    .where(prefix.sql('w.word', 'rarest'), { rarest: prefix.value(rarest) });
  if (others.length > 0) {
    const rest = hasWords(ds, 'w.orderId', others, 'ow');
    qb.andWhere(rest.sql, rest.params);
  }
  return qb;
}

/** Narrows `qb` (orders as `o`) to the orders `text` selects. */
export function whereText(ds: DataSource, qb: SelectQueryBuilder<object>, text: OrderText): void {
  if (text.kind === 'number') qb.andWhere('o.id = :orderNumber', { orderNumber: text.id });
  else if (text.kind === 'none') qb.andWhere('1 = 0');
  else if (text.kind === 'ids') qb.andWhere('o.id IN (:...textIds)', { textIds: text.ids });
  else {
    const words = hasWords(ds, 'o.id', text.words, 'tw');
    qb.andWhere(words.sql, words.params);
  }
}

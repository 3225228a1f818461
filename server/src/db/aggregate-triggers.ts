import { centralMonthSql } from './sql-dates';

// The triggers that keep the running totals (modules/stats/aggregates.entity.ts) and the sitemap's blocks
// (modules/share/sitemap-block.entity.ts) in step with cars, card votes, orders, order lines and products, and the
// statements that fill them from those tables. Triggers, not service code: a total then moves in the transaction of
// the write that changes it, whatever code path, script or app server makes that write. Foreign-key actions do not
// fire triggers on MySQL/MariaDB, so rows removed or changed by a cascade are accounted for by the BEFORE DELETE
// trigger of the parent (a car's card votes, an order's lines, a deleted product's sales).
//
// The migration that creates them (Aggregates) uses this module: a change here needs a new migration that drops and
// recreates the triggers.

type Kind = 'sqlite' | 'mysql';

/** Slots of vote_totals and card_vote_totals on MySQL: concurrent vote transactions write different rows. */
export const AGGREGATE_SLOTS = 16;
/** Car ids per row of sitemap_blocks; a sitemap page is a whole number of blocks. */
export const SITEMAP_BLOCK_SIZE = 100;

const TRIGGERS = [
  'agg_cars_insert',
  'agg_cars_update',
  'agg_cars_delete',
  'agg_card_votes_insert',
  'agg_orders_insert',
  'agg_orders_update',
  'agg_orders_delete',
  'agg_order_items_insert',
  'agg_products_delete',
];

type Row = 'NEW' | 'OLD';

function dialect(kind: Kind) {
  const q = (name: string) => (kind === 'mysql' ? `\`${name}\`` : `"${name}"`);
  return {
    q,
    /** 1 when the condition holds, else 0 (never null). */
    b: (cond: string) => `CASE WHEN ${cond} THEN 1 ELSE 0 END`,
    month: (column: string) => centralMonthSql(kind, column),
    slot: kind === 'mysql' ? `CONNECTION_ID() % ${AGGREGATE_SLOTS}` : '0',
    now: kind === 'mysql' ? 'UTC_TIMESTAMP(3)' : `strftime('%Y-%m-%d %H:%M:%f', 'now')`,
    dual: kind === 'mysql' ? ' FROM DUAL' : '',
    block: (id: string) =>
      kind === 'mysql' ? `(${id} - 1) DIV ${SITEMAP_BLOCK_SIZE}` : `(${id} - 1) / ${SITEMAP_BLOCK_SIZE}`,
    /** Null-safe "differs". */
    differs: (a: string, b: string) => (kind === 'mysql' ? `NOT (${a} <=> ${b})` : `${a} IS NOT ${b}`),
    /**
     * INSERT … SELECT that adds to the row with the same key when there is one. `set` overrides a column's update
     * (given the incoming value's SQL).
     */
    upsert(
      table: string,
      keys: string[],
      values: string[],
      select: string,
      set: Record<string, (incoming: string) => string> = {},
    ): string {
      const incoming = (c: string) => (kind === 'mysql' ? `VALUES(${q(c)})` : `excluded.${q(c)}`);
      const updates = values
        .map((c) => `${q(c)} = ${set[c] ? set[c](incoming(c)) : `${q(c)} + ${incoming(c)}`}`)
        .join(', ');
      const columns = [...keys, ...values].map(q).join(', ');
      return kind === 'mysql'
        ? `INSERT INTO ${q(table)} (${columns}) ${select} ON DUPLICATE KEY UPDATE ${updates}`
        : `INSERT INTO ${q(table)} (${columns}) ${select} ON CONFLICT (${keys.map(q).join(', ')}) DO UPDATE SET ${updates}`;
    },
  };
}

const SALES_COLUMNS = [
  'orders',
  'revenue',
  'refunds',
  'refundedAmount',
  'canceled',
  'refunded',
  'partiallyRefunded',
  'notRefunded',
  'refundFailed',
  'prints',
];
const PRODUCT_KEYS = ['month', 'productId', 'productName', 'isMerch'];

/** The statements that create the triggers (each one statement). */
export function createAggregateTriggers(kind: Kind): string[] {
  const d = dialect(kind);
  const trigger = (name: string, timing: string, table: string, statements: string[]) =>
    `CREATE TRIGGER ${name} ${timing} ON ${d.q(table)} FOR EACH ROW BEGIN ${statements.join('; ')}; END`;

  // cars → car_totals, vote_totals, sitemap_blocks (and card_vote_totals when a car and its card votes go)
  const carTotals = (r: Row, sign: number, when: string) =>
    d.upsert(
      'car_totals',
      ['category'],
      ['cars', 'featured', 'featuredListed'],
      `SELECT COALESCE(${r}.category, ''), ${sign}, ${sign} * ${d.b(`${r}.featured = 1`)}, ${sign} * ${d.b(`${r}.featured = 1 AND ${r}.published = 1`)}${d.dual} WHERE ${when}`,
    );
  const votes = (delta: string, when: string) =>
    d.upsert('vote_totals', ['slot'], ['votes'], `SELECT ${d.slot}, ${delta}${d.dual} WHERE ${when}`);
  const sitemap = (r: Row, carsDelta: string, when: string) =>
    d.upsert(
      'sitemap_blocks',
      ['block'],
      ['cars', 'version', 'lastmod'],
      `SELECT ${d.block(`${r}.id`)}, ${carsDelta}, 1, ${d.now}${d.dual} WHERE ${when}`,
      { lastmod: (incoming) => incoming },
    );
  const carChanged = `${d.differs('OLD.category', 'NEW.category')} OR OLD.featured <> NEW.featured OR OLD.published <> NEW.published`;
  // A vote is not a change to the car's page: on MySQL it moves updatedAt (ON UPDATE), and is told by totalVotes.
  const sitemapChanged = `(OLD.published = 1 OR NEW.published = 1) AND (OLD.published <> NEW.published OR OLD.slug <> NEW.slug OR (${d.differs('OLD.updatedAt', 'NEW.updatedAt')} AND OLD.totalVotes = NEW.totalVotes))`;

  // orders and their lines → sales_months, product_sales_months
  const sales = (r: Row, sign: number, when: string) => {
    const open = `${r}.status <> 'canceled'`;
    const canceledAs = (state: string) =>
      `${sign} * ${d.b(`${r}.status = 'canceled' AND ${r}.refundState = '${state}'`)}`;
    return d.upsert(
      'sales_months',
      ['month'],
      SALES_COLUMNS,
      `SELECT ${d.month(`${r}.createdAt`)}, ${sign} * ${d.b(open)},
        ${sign} * (CASE WHEN ${open} THEN ${r}.total - ${r}.refundedAmount ELSE 0 END),
        ${sign} * ${d.b(`${r}.refundedAmount > 0`)}, ${sign} * ${r}.refundedAmount,
        ${sign} * ${d.b(`${r}.status = 'canceled'`)}, ${canceledAs('refunded')}, ${canceledAs('partially_refunded')},
        ${canceledAs('not_refunded')}, ${canceledAs('refund_failed')},
        ${sign} * (CASE WHEN ${open} THEN (SELECT COALESCE(SUM(i.quantity), 0) FROM order_items i
          WHERE i.orderId = ${r}.id AND i.isMerch = 0) ELSE 0 END)${d.dual}
       WHERE ${when}`,
    );
  };
  const productSales = (r: Row, sign: number, when: string) =>
    d.upsert(
      'product_sales_months',
      PRODUCT_KEYS,
      ['quantity', 'revenue'],
      `SELECT ${d.month(`${r}.createdAt`)}, COALESCE(i.productId, 0), i.productName, i.isMerch,
        ${sign} * SUM(i.quantity), ${sign} * SUM(i.priceAtPurchase * i.quantity)
       FROM order_items i WHERE i.orderId = ${r}.id AND ${r}.status <> 'canceled' AND ${when}
       GROUP BY COALESCE(i.productId, 0), i.productName, i.isMerch`,
    );
  const orderChanged = [
    'OLD.status <> NEW.status',
    'OLD.total <> NEW.total',
    'OLD.refundedAmount <> NEW.refundedAmount',
    d.differs('OLD.refundState', 'NEW.refundState'),
    'OLD.createdAt <> NEW.createdAt',
  ].join(' OR ');
  const linesMoved = `(OLD.status = 'canceled') <> (NEW.status = 'canceled') OR OLD.createdAt <> NEW.createdAt`;

  return [
    trigger('agg_cars_insert', 'AFTER INSERT', 'cars', [
      carTotals('NEW', 1, '1 = 1'),
      votes('NEW.totalVotes', 'NEW.totalVotes <> 0'),
      sitemap('NEW', '1', 'NEW.published = 1'),
    ]),
    trigger('agg_cars_update', 'AFTER UPDATE', 'cars', [
      carTotals('OLD', -1, carChanged),
      carTotals('NEW', 1, carChanged),
      votes('NEW.totalVotes - OLD.totalVotes', 'NEW.totalVotes <> OLD.totalVotes'),
      sitemap('NEW', 'NEW.published - OLD.published', sitemapChanged),
    ]),
    trigger('agg_cars_delete', 'BEFORE DELETE', 'cars', [
      carTotals('OLD', -1, '1 = 1'),
      votes('-OLD.totalVotes', 'OLD.totalVotes <> 0'),
      sitemap('OLD', '-1', 'OLD.published = 1'),
      d.upsert(
        'card_vote_totals',
        ['eventId', 'slot'],
        ['votes'],
        `SELECT COALESCE(cv.eventId, 0), ${d.slot}, -COUNT(*) FROM card_votes cv WHERE cv.carId = OLD.id
         GROUP BY COALESCE(cv.eventId, 0)`,
      ),
    ]),
    trigger('agg_card_votes_insert', 'AFTER INSERT', 'card_votes', [
      d.upsert(
        'card_vote_totals',
        ['eventId', 'slot'],
        ['votes'],
        `SELECT COALESCE(NEW.eventId, 0), ${d.slot}, 1${d.dual} WHERE 1 = 1`,
      ),
    ]),
    trigger('agg_orders_insert', 'AFTER INSERT', 'orders', [sales('NEW', 1, '1 = 1')]),
    trigger('agg_orders_update', 'AFTER UPDATE', 'orders', [
      sales('OLD', -1, orderChanged),
      sales('NEW', 1, orderChanged),
      productSales('OLD', -1, `(${linesMoved})`),
      productSales('NEW', 1, `(${linesMoved})`),
    ]),
    trigger('agg_orders_delete', 'BEFORE DELETE', 'orders', [
      sales('OLD', -1, '1 = 1'),
      productSales('OLD', -1, '1 = 1'),
    ]),
    trigger('agg_order_items_insert', 'AFTER INSERT', 'order_items', [
      d.upsert(
        'sales_months',
        ['month'],
        ['prints'],
        `SELECT ${d.month('o.createdAt')}, NEW.quantity FROM orders o
         WHERE o.id = NEW.orderId AND o.status <> 'canceled' AND NEW.isMerch = 0`,
      ),
      d.upsert(
        'product_sales_months',
        PRODUCT_KEYS,
        ['quantity', 'revenue'],
        `SELECT ${d.month('o.createdAt')}, COALESCE(NEW.productId, 0), NEW.productName, NEW.isMerch, NEW.quantity,
           NEW.priceAtPurchase * NEW.quantity FROM orders o WHERE o.id = NEW.orderId AND o.status <> 'canceled'`,
      ),
    ]),
    // A deleted product's lines lose their product id (ON DELETE SET NULL): its sales move under the lines' names.
    trigger('agg_products_delete', 'BEFORE DELETE', 'products', [
      d.upsert(
        'product_sales_months',
        PRODUCT_KEYS,
        ['quantity', 'revenue'],
        // Read through a derived table with names of its own: MySQL finds `quantity` ambiguous otherwise.
        `SELECT m, 0, n, k, q, r FROM (SELECT s.month AS m, s.productName AS n, s.isMerch AS k, s.quantity AS q,
           s.revenue AS r FROM product_sales_months s WHERE s.productId = OLD.id) moved WHERE 1 = 1`,
      ),
      'DELETE FROM product_sales_months WHERE productId = OLD.id',
    ]),
  ];
}

export function dropAggregateTriggers(): string[] {
  return TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name}`);
}

/** Fills the totals and the sitemap's blocks from the tables they summarize (the tables start empty). */
export function backfillAggregates(kind: Kind): string[] {
  const d = dialect(kind);
  const canceledAs = (state: string) => `SUM(${d.b(`o.status = 'canceled' AND o.refundState = '${state}'`)})`;
  const month = d.month('o.createdAt');
  return [
    `INSERT INTO car_totals (category, cars, featured, featuredListed)
     SELECT COALESCE(category, ''), COUNT(*), SUM(${d.b('featured = 1')}), SUM(${d.b('featured = 1 AND published = 1')})
     FROM cars GROUP BY COALESCE(category, '')`,
    'INSERT INTO vote_totals (slot, votes) SELECT 0, COALESCE(SUM(totalVotes), 0) FROM cars',
    `INSERT INTO card_vote_totals (eventId, slot, votes)
     SELECT COALESCE(eventId, 0), 0, COUNT(*) FROM card_votes GROUP BY COALESCE(eventId, 0)`,
    `INSERT INTO sales_months (month, ${SALES_COLUMNS.map(d.q).join(', ')})
     SELECT ${month}, SUM(${d.b(`o.status <> 'canceled'`)}),
       SUM(CASE WHEN o.status <> 'canceled' THEN o.total - o.refundedAmount ELSE 0 END),
       SUM(${d.b('o.refundedAmount > 0')}), SUM(o.refundedAmount), SUM(${d.b(`o.status = 'canceled'`)}),
       ${canceledAs('refunded')}, ${canceledAs('partially_refunded')}, ${canceledAs('not_refunded')},
       ${canceledAs('refund_failed')}, SUM(CASE WHEN o.status <> 'canceled' THEN COALESCE(p.prints, 0) ELSE 0 END)
     FROM orders o LEFT JOIN (SELECT orderId, SUM(quantity) AS prints FROM order_items WHERE isMerch = 0
       GROUP BY orderId) p ON p.orderId = o.id
     GROUP BY ${month}`,
    `INSERT INTO product_sales_months (month, productId, productName, isMerch, quantity, revenue)
     SELECT ${month}, COALESCE(i.productId, 0), i.productName, i.isMerch, SUM(i.quantity),
       SUM(i.priceAtPurchase * i.quantity)
     FROM order_items i JOIN orders o ON o.id = i.orderId WHERE o.status <> 'canceled'
     GROUP BY ${month}, COALESCE(i.productId, 0), i.productName, i.isMerch`,
    `INSERT INTO sitemap_blocks (block, cars, version, lastmod)
     SELECT ${d.block('id')}, COUNT(*), 1, MAX(updatedAt) FROM cars WHERE published = 1 GROUP BY ${d.block('id')}`,
  ];
}

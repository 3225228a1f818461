import { Column, Entity, PrimaryColumn } from 'typeorm';

// Running totals behind GET /api/stats and GET /api/admin/stats, so neither scans cars, votes or orders. Each is kept
// by database triggers (db/aggregate-triggers.ts) in the transaction of the write that changes what it counts —
// whichever code path or app server makes that write — and was back-filled from the base tables by its migration.

/** Per category ('' for none): the cars, the featured ones, and the featured ones a visitor can see (listed). */
@Entity('car_totals')
export class CarTotalsEntity {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  category!: string;

  @Column({ type: 'int', default: 0 })
  cars!: number;

  @Column({ type: 'int', default: 0 })
  featured!: number;

  @Column({ type: 'int', default: 0 })
  featuredListed!: number;
}

/**
 * The sum of every car's totalVotes, split over a few slots (MySQL: the writing connection's id modulo
 * AGGREGATE_SLOTS; SQLite: one) so concurrent vote transactions do not queue on one row. Read as the sum of the slots.
 */
@Entity('vote_totals')
export class VoteTotalsEntity {
  @PrimaryColumn({ type: 'int' })
  slot!: number;

  @Column({ type: 'bigint', default: 0 })
  votes!: string;
}

/** Meet-card votes per event id (0: printed without an event), in slots like vote_totals. */
@Entity('card_vote_totals')
export class CardVoteTotalsEntity {
  @PrimaryColumn({ type: 'int' })
  eventId!: number;

  @PrimaryColumn({ type: 'int' })
  slot!: number;

  @Column({ type: 'int', default: 0 })
  votes!: number;
}

/**
 * The shop per Central month ('YYYY-MM') an order was placed in: each figure the Statistics tab shows for a month,
 * and the print units of orders that were not canceled (the home page's prints counter sums every month).
 */
@Entity('sales_months')
export class SalesMonthEntity {
  @PrimaryColumn({ type: 'varchar', length: 7 })
  month!: string;

  /** Orders not canceled. */
  @Column({ type: 'int', default: 0 })
  orders!: number;

  /** Orders not canceled, at their total less any refund. */
  @Column({ type: 'bigint', default: 0 })
  revenue!: string;

  /** Orders with some refund, whatever their status. */
  @Column({ type: 'int', default: 0 })
  refunds!: number;

  @Column({ type: 'bigint', default: 0 })
  refundedAmount!: string;

  @Column({ type: 'int', default: 0 })
  canceled!: number;

  /** Canceled orders by the state their payment came to. */
  @Column({ type: 'int', default: 0 })
  refunded!: number;

  @Column({ type: 'int', default: 0 })
  partiallyRefunded!: number;

  @Column({ type: 'int', default: 0 })
  notRefunded!: number;

  @Column({ type: 'int', default: 0 })
  refundFailed!: number;

  /** Units of print lines (not merchandise) in orders not canceled. */
  @Column({ type: 'bigint', default: 0 })
  prints!: string;
}

/**
 * Units and item revenue of the lines of orders not canceled, per Central month and per product as the lines name it
 * (productId 0: a product since deleted, grouped by the line's name).
 */
@Entity('product_sales_months')
export class ProductSalesMonthEntity {
  @PrimaryColumn({ type: 'varchar', length: 7 })
  month!: string;

  @PrimaryColumn({ type: 'int' })
  productId!: number;

  @PrimaryColumn({ type: 'varchar', length: 200 })
  productName!: string;

  @PrimaryColumn({ type: 'boolean' })
  isMerch!: boolean;

  @Column({ type: 'int', default: 0 })
  quantity!: number;

  @Column({ type: 'bigint', default: 0 })
  revenue!: string;
}

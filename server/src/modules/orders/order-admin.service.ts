import {
  ADMIN_ORDER_COUNT_MAX,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderFilter,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type AdminOrderSearchQuery,
  type BulkStatusInput,
  type BulkStatusResult,
  type CancelOrderInput,
  centralWallTimeToUtc,
  formatCents,
  formatOrderNumber,
  type InternalNoteInput,
  MESSAGES,
  type Order,
  type OrderStatusUpdateInput,
  orderTransitionError,
  type Page,
} from '@curbside/shared';
import { type DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { keysetPage } from '../../db/keyset';
import { runInTransaction } from '../../db/transaction';
import { badRequest, conflict, DomainError, notFound } from '../../errors';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { UserEntity } from '../accounts/user.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import type { PaymentsService } from '../payments/payments.service';
import { ProductEntity } from '../products/product.entity';
import { toAdminOrderDto, toHistoryEntry } from './admin-order-dto';
import { OrderEntity } from './order.entity';
import { OrderItemEntity } from './order-item.entity';
import { type OrderText, ordersWithWords, orderText, whereText } from './order-search';
import { OrderStatusChangeEntity } from './order-status-change.entity';
import type { OrdersService } from './orders.service';

const S = MESSAGES.server;
const F = MESSAGES.fulfilment;

/** How the refund of a canceled order went (recorded on its status-change row and the order). */
type RefundOutcome = { ok: true; amount: number } | { ok: false; reason: string } | { none: true };

/** Central day 'YYYY-MM-DD' → the UTC instant it starts. */
const centralDayStart = (day: string) => centralWallTimeToUtc(`${day}T00:00`) as Date;
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The status and Central days of `filter` on the orders `o` of `qb`. */
function whereStatusAndDays(qb: SelectQueryBuilder<object>, filter: AdminOrderFilter): void {
  if (filter.status) qb.andWhere('o.status = :status', { status: filter.status });
  if (filter.from) qb.andWhere('o.createdAt >= :from', { from: centralDayStart(filter.from) });
  if (filter.to) qb.andWhere('o.createdAt < :to', { to: centralDayStart(nextDay(filter.to)) });
}

/**
 * Order management for admins: every customer's orders, and status changes by the shared status rule
 * (shared/orders orderTransitionError). A change is one conditional UPDATE on the status that was read, so of two
 * admins changing the same order at once one wins and the other gets 409; a cancel restocks in the same transaction.
 */
export class OrderAdminService {
  constructor(
    private readonly deps: {
      ds: DataSource;
      orders: OrdersService;
      payments: Pick<PaymentsService, 'provider' | 'markRefunded'>;
      mailer: Mailer;
      publicUrl: string;
      siteName: string;
      /** Where a failed refund or customer e-mail is reported (the status change stands) when no request's is given. */
      log: Log;
    },
  ) {}

  /**
   * GET /api/orders: every customer's orders, newest first, filtered as the search is, a page at a time by cursor
   * (keyset pagination) or a bounded offset.
   */
  async list(query: AdminOrderListQuery & AdminOrderFilter): Promise<Page<AdminOrder>> {
    const page = await keysetPage(this.filtered(query, await this.textOf(query)), query);
    return { items: await this.toAdmin(page.items), nextCursor: page.nextCursor };
  }

  /**
   * GET /api/orders/search: one page of the filtered orders, newest first, how many match (see `total`), and the
   * cursor of the next page. With a cursor the page starts after it and `page` is only the number to show; without
   * one the pages before are skipped (an offset, bounded like every list's).
   */
  async search(query: AdminOrderSearchQuery): Promise<AdminOrderPage> {
    const start = query.cursor ? { cursor: query.cursor } : { offset: (query.page - 1) * query.pageSize };
    const text = await this.textOf(query);
    const [page, total] = await Promise.all([
      keysetPage(this.filtered(query, text), { limit: query.pageSize, ...start }),
      this.total(query, text),
    ]);
    return {
      orders: await this.toAdmin(page.items),
      total: total.count,
      totalExact: total.exact,
      page: query.page,
      pageSize: query.pageSize,
      nextCursor: page.nextCursor,
    };
  }

  /** The CSV export: every filtered order, newest first, in batches by cursor so memory and each query stay small. */
  async *exportRows(filter: AdminOrderFilter, batch = 500): AsyncGenerator<AdminOrder[]> {
    const text = await this.textOf(filter);
    let cursor: string | undefined;
    do {
      const page = await keysetPage(this.filtered(filter, text), { limit: batch, cursor });
      if (page.items.length > 0) yield await this.toAdmin(page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** What the search text selects (modules/orders/order-search.ts); null without one. */
  private async textOf(filter: AdminOrderFilter): Promise<OrderText | null> {
    const q = filter.q?.trim();
    return q ? orderText(this.deps.ds, q) : null;
  }

  /**
   * The filters, all optional: an order number ('#12' or '12') or words that each begin a word of the customer's
   * e-mail, name or username or of the order's e-mail or ship-to name (`text`); a status; Central days from and to
   * (both included). Each list shape reads an index in order: (status, createdAt), (createdAt), or the matching ids.
   */
  private filtered(filter: AdminOrderFilter, text: OrderText | null): SelectQueryBuilder<OrderEntity> {
    // Newest first by (createdAt, id): keysetPage orders and pages it.
    const qb = this.deps.ds.getRepository(OrderEntity).createQueryBuilder('o');
    whereStatusAndDays(qb, filter);
    if (text) whereText(this.deps.ds, qb, text);
    return qb;
  }

  /**
   * How many orders match. Filtered by a status alone (or not at all): exact, read from the running totals per status
   * (order_status_totals, kept by triggers), whatever their number. Otherwise counted up to ADMIN_ORDER_COUNT_MAX, and
   * not exact past it.
   */
  private async total(filter: AdminOrderFilter, text: OrderText | null): Promise<{ count: number; exact: boolean }> {
    if (!text && !filter.from && !filter.to) {
      const [row]: { n: number | string }[] = await this.deps.ds.query(
        `SELECT COALESCE(SUM(orders), 0) AS n FROM order_status_totals${filter.status ? ' WHERE status = ?' : ''}`,
        filter.status ? [filter.status] : [],
      );
      return { count: Number(row?.n ?? 0), exact: true };
    }
    const count = await this.count(filter, text);
    return { count: Math.min(count, ADMIN_ORDER_COUNT_MAX), exact: count <= ADMIN_ORDER_COUNT_MAX };
  }

  /**
   * How many orders match, counting no further than ADMIN_ORDER_COUNT_MAX + 1. Common words are counted from the range of
   * the rarest in the word index (the list walks orders newest first instead: it stops at a page).
   */
  private async count(filter: AdminOrderFilter, text: OrderText | null): Promise<number> {
    const { ds } = this.deps;
    const matching =
      text?.kind === 'words'
        ? ordersWithWords(ds, text.words).innerJoin(OrderEntity, 'o', 'o.id = w.orderId')
        : this.filtered(filter, null).select('o.id');
    if (text?.kind === 'words') whereStatusAndDays(matching, filter);
    else if (text) whereText(ds, matching, text);
    matching.limit(ADMIN_ORDER_COUNT_MAX + 1);
    const [row]: { n: number | string }[] = await ds
      .createQueryBuilder()
      .select('COUNT(*)', 'n')
      .from(`(${matching.getQuery()})`, 'counted')
      .setParameters(matching.getParameters())
      .getRawMany();
    return Number(row?.n ?? 0);
  }

  /** GET /api/orders/{id}: the order with its photos to print and its status history. */
  async detail(id: number): Promise<AdminOrderDetail> {
    const { ds } = this.deps;
    const order = await ds.getRepository(OrderEntity).findOneBy({ id });
    if (!order) throw notFound(S.orderNotFound);
    const adminOrder = await this.oneToAdmin(order);
    const changes = await ds.getRepository(OrderStatusChangeEntity).find({
      where: { orderId: id },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const adminIds = [...new Set(changes.map((c) => c.changedById).filter((v): v is number => v !== null))];
    const admins = new Map(
      (adminIds.length ? await ds.getRepository(UserEntity).findBy({ id: In(adminIds) }) : []).map((u) => [u.id, u]),
    );
    const history = changes.map((c) =>
      toHistoryEntry(c, c.changedById === null ? undefined : admins.get(c.changedById)),
    );
    return { ...adminOrder, history };
  }

  /** One order as the admin sees it. */
  private async oneToAdmin(order: OrderEntity): Promise<AdminOrder> {
    const [adminOrder] = await this.toAdmin([order]);
    if (!adminOrder) throw notFound(S.orderNotFound); // toAdmin maps each order it is given
    return adminOrder;
  }

  /** Orders as the admin sees them: the customer's view, the print lines' photos and what only admins see. */
  private async toAdmin(orders: OrderEntity[]): Promise<AdminOrder[]> {
    const loaded = await this.deps.orders.loadWithItems(orders);
    const imageIds = [
      ...new Set(loaded.flatMap((l) => l.items.map((i) => i.imageId)).filter((id): id is number => id !== null)),
    ];
    const images = new Map(
      (imageIds.length ? await this.deps.ds.getRepository(CarImageEntity).findBy({ id: In(imageIds) }) : []).map(
        (image) => [image.id, image],
      ),
    );
    return loaded.map((l) => toAdminOrderDto(l.entity, l.order, l.items, images));
  }

  /** The stored original of a print line's photo (already re-encoded without metadata at upload), for the download. */
  async originalOf(orderId: number, itemId: number): Promise<{ storageKey: string; filename: string }> {
    const item = await this.deps.ds.getRepository(OrderItemEntity).findOneBy({ id: itemId, orderId });
    const image =
      item?.imageId != null ? await this.deps.ds.getRepository(CarImageEntity).findOneBy({ id: item.imageId }) : null;
    if (!item || !image) throw notFound(F.photoNotFound);
    const ext = image.storageKey.slice(image.storageKey.lastIndexOf('.') + 1) || 'jpg';
    const size = item.printSize ? `-${item.printSize}` : '';
    return {
      storageKey: image.storageKey,
      filename: `order-${orderId}-item-${itemId}${size}-${image.width}x${image.height}.${ext}`.replace(/[^\w.-]/g, '_'),
    };
  }

  /** PUT /api/orders/{id}/internal-note: the admins' own note; blank clears it. */
  async setInternalNote(input: InternalNoteInput): Promise<AdminOrder> {
    const repo = this.deps.ds.getRepository(OrderEntity);
    const result = await repo.update({ id: input.id }, { internalNote: input.internalNote });
    if (!result.affected) throw notFound(S.orderNotFound);
    return this.oneToAdmin(await repo.findOneByOrFail({ id: input.id }));
  }

  /**
   * POST /api/orders/bulk-status: each order in turn through the single change (same rules, same e-mails); one
   * refused order does not stop the others, and the response says which moved and why the others did not.
   */
  async bulkStatus(adminId: number, input: BulkStatusInput, log: Log = this.deps.log): Promise<BulkStatusResult> {
    const results: BulkStatusResult['results'] = [];
    const seen = new Set<number>();
    for (const { id, trackingNumber } of input.orders) {
      if (seen.has(id)) continue;
      seen.add(id);
      try {
        const moved = await this.updateStatus(
          adminId,
          { id, status: input.status, trackingNumber, notes: undefined },
          log,
        );
        results.push({ id, ok: true, status: moved.status });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ id, ok: false, message: error.message });
      }
    }
    return { results };
  }

  /**
   * POST /api/orders/{id}/cancel: cancels by the status rule with the admin's refund choice (everything, nothing,
   * or part, never more than was paid). PUT …/status with 'canceled' refunds everything, as the spec's call did.
   */
  async cancel(adminId: number, input: CancelOrderInput, log: Log = this.deps.log): Promise<AdminOrder> {
    return this.move(
      adminId,
      { id: input.id, status: 'canceled', trackingNumber: undefined, notes: undefined },
      log,
      (order) => {
        const paid = order.total - order.refundedAmount;
        if (input.refund.kind === 'none') return 0;
        if (input.refund.kind === 'full') return paid;
        if (input.refund.amount > paid) throw badRequest(F.refundTooMuch(formatCents(paid)));
        return input.refund.amount;
      },
    );
  }

  /**
   * PUT /api/orders/{id}/status. The same status only updates the tracking number and notes. Shipping takes the
   * documented `{status}` alone; the tracking number is optional (the admin dialog asks for one). Cancelling restocks the items whose product still exists, then refunds the payment; a refund
   * that fails leaves the cancel standing, is logged and noted on the status-change row (docs/decisions.md).
   * The customer is e-mailed when the order ships (or its tracking number changes) and when it is canceled.
   */
  async updateStatus(adminId: number, input: OrderStatusUpdateInput, log: Log = this.deps.log): Promise<AdminOrder> {
    return this.move(adminId, input, log, (order) => order.total - order.refundedAmount);
  }

  /** A status change; `refundOf` says how many cents a cancel gives back (it may refuse with a DomainError). */
  private async move(
    adminId: number,
    input: OrderStatusUpdateInput,
    log: Log,
    refundOf: (order: OrderEntity) => number,
  ): Promise<AdminOrder> {
    const { ds } = this.deps;
    const order = await ds.getRepository(OrderEntity).findOneBy({ id: input.id });
    if (!order) throw notFound(S.orderNotFound);
    const from = order.status;
    const to = input.status;
    const refused = orderTransitionError(from, to);
    if (refused) throw conflict(refused);
    const refundAmount = to === 'canceled' ? refundOf(order) : 0;

    const changes: Partial<Pick<OrderEntity, 'status' | 'trackingNumber' | 'notes'>> = { status: to };
    if (input.trackingNumber !== undefined) changes.trackingNumber = input.trackingNumber;
    if (input.notes !== undefined) changes.notes = input.notes;
    const statusChanged = from !== to;
    const trackingChanged = input.trackingNumber !== undefined && input.trackingNumber !== order.trackingNumber;

    const changeId = await runInTransaction(ds, async (em) => {
      const result = await em
        .createQueryBuilder()
        .update(OrderEntity)
        .set(changes)
        .where('id = :id AND status = :from', { id: order.id, from })
        .execute();
      if (result.affected !== 1) throw await this.changedMeanwhile(em, order.id, to);
      // The history: every status change, and a tracking number set or corrected on the same status.
      if (!statusChanged && !trackingChanged) return null;
      const inserted = await em.insert(OrderStatusChangeEntity, {
        orderId: order.id,
        fromStatus: from,
        toStatus: to,
        changedById: adminId,
        note: null,
        trackingNumber:
          trackingChanged || to === 'shipped'
            ? input.trackingNumber !== undefined
              ? input.trackingNumber
              : order.trackingNumber
            : null,
      });
      if (to === 'canceled') await this.restock(em, order.id);
      return Number(inserted.identifiers[0]?.id);
    });

    const refund =
      to === 'canceled' && statusChanged && changeId !== null
        ? await this.refund(order, changeId, refundAmount, log)
        : null;
    const updated = await this.oneToAdmin(await ds.getRepository(OrderEntity).findOneByOrFail({ id: order.id }));

    const trackingNow = updated.trackingNumber !== order.trackingNumber;
    if (to === 'shipped' && (statusChanged || trackingNow)) await this.mail(log, () => this.sendShipped(updated, log));
    if (refund) await this.mail(log, () => this.sendCanceled(updated, refund, log));
    return updated;
  }

  /** The conditional update matched nothing: say why as well as the rule allows. */
  private async changedMeanwhile(em: EntityManager, id: number, to: OrderEntity['status']) {
    const now = await em.findOneBy(OrderEntity, { id });
    if (!now) return notFound(S.orderNotFound);
    return conflict(orderTransitionError(now.status, to) ?? S.orderChangedMeanwhile);
  }

  /** Puts the items back in stock, one atomic increment per product in id order (the checkout's lock order). */
  private async restock(em: EntityManager, orderId: number): Promise<void> {
    const items = await em.findBy(OrderItemEntity, { orderId });
    const perProduct = new Map<number, number>();
    for (const item of items) {
      if (item.productId === null) continue;
      perProduct.set(item.productId, (perProduct.get(item.productId) ?? 0) + item.quantity);
    }
    for (const productId of [...perProduct.keys()].sort((a, b) => a - b)) {
      await em
        .createQueryBuilder()
        .update(ProductEntity)
        .set({ stock: () => `stock + ${perProduct.get(productId) ?? 0}` })
        .where('id = :productId', { productId })
        .execute();
    }
  }

  /**
   * Refunds `amount` cents of a canceled order's payment through its provider (none when 0); the outcome goes on the
   * cancel's status-change row and the order's payment state.
   */
  private async refund(order: OrderEntity, changeId: number, amount: number, log: Log): Promise<RefundOutcome> {
    const { ds, payments } = this.deps;
    const provider = payments.provider;
    let outcome: RefundOutcome;
    if (amount === 0) {
      outcome = { none: true };
    } else if (order.paymentProvider !== provider.name) {
      outcome = { ok: false, reason: `paid with ${order.paymentProvider}, which is not the configured provider` };
      log.error({ err: new Error(outcome.reason) }, `order ${order.id} canceled but not refunded`);
    } else {
      try {
        await provider.refund(order.paymentId, amount < order.total ? amount : undefined);
        outcome = { ok: true, amount };
      } catch (error) {
        log.error({ err: error }, `order ${order.id} canceled but its refund failed`);
        outcome = { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    }
    if ('ok' in outcome && outcome.ok) {
      await payments.markRefunded({ providerPaymentId: order.paymentId });
    }
    await ds.getRepository(OrderEntity).update(
      { id: order.id },
      'none' in outcome
        ? { refundState: 'not_refunded' }
        : outcome.ok
          ? {
              refundState: outcome.amount < order.total ? 'partially_refunded' : 'refunded',
              refundedAmount: order.refundedAmount + outcome.amount,
            }
          : { refundState: 'refund_failed' },
    );
    const note =
      'none' in outcome
        ? 'Not refunded (the admin chose no refund)'
        : outcome.ok
          ? `Refunded ${formatCents(outcome.amount)} of ${formatCents(order.total)} (${order.paymentProvider} ${order.paymentId})`
          : `Refund failed: ${outcome.reason}. Refund ${order.paymentId} in the payment provider's dashboard.`;
    await ds.getRepository(OrderStatusChangeEntity).update({ id: changeId }, { note: note.slice(0, 2000) });
    return outcome;
  }

  private async mail(log: Log, send: () => Promise<void>): Promise<void> {
    await send().catch((err) => log.error({ err }, 'order status e-mail failed'));
  }

  private async sendShipped(order: Order, log: Log): Promise<void> {
    const link = `${this.deps.publicUrl}/user/orders`;
    await this.deps.mailer.send(
      {
        to: order.email,
        subject: `${this.deps.siteName} order ${formatOrderNumber(order.id)} has shipped`,
        text: [
          `Good news: your order ${formatOrderNumber(order.id)} is on its way.`,
          '',
          order.trackingNumber ? `Tracking number: ${order.trackingNumber}` : S.trackingNumberToFollow,
          '',
          `Your orders: ${link}`,
        ].join('\n'),
        link,
      },
      log,
    );
  }

  private async sendCanceled(order: Order, refund: RefundOutcome, log: Log): Promise<void> {
    const link = `${this.deps.publicUrl}/user/orders`;
    await this.deps.mailer.send(
      {
        to: order.email,
        subject: `${this.deps.siteName} order ${formatOrderNumber(order.id)} was canceled`,
        text: [
          `Your order ${formatOrderNumber(order.id)} has been canceled.`,
          '',
          'none' in refund
            ? 'No refund has been made for this order. Reply to this e-mail if you have any questions.'
            : refund.ok
              ? `We have refunded ${formatCents(refund.amount)} to your card. It may take 5–10 business days to appear.`
              : `Your refund of ${formatCents(order.total)} is being processed; we will be in touch if we need anything.`,
          '',
          `Your orders: ${link}`,
        ].join('\n'),
        link,
      },
      log,
    );
  }
}

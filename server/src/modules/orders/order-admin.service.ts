import {
  type AdminOrderListQuery,
  formatCents,
  MESSAGES,
  type Order,
  type OrderStatusUpdateInput,
  orderTransitionError,
} from '@curbside/shared';
import type { DataSource, EntityManager } from 'typeorm';
import { runInTransaction } from '../../db/transaction';
import { conflict, notFound } from '../../errors';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { PaymentEntity } from '../payments/payment.entity';
import type { PaymentProvider } from '../payments/provider';
import { ProductEntity } from '../products/product.entity';
import { OrderEntity } from './order.entity';
import { OrderItemEntity } from './order-item.entity';
import { OrderStatusChangeEntity } from './order-status-change.entity';
import type { OrdersService } from './orders.service';

const S = MESSAGES.server;

/** How the refund of a canceled order went (recorded on its status-change row). */
type RefundOutcome = { ok: true } | { ok: false; reason: string };

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
      provider: PaymentProvider;
      mailer: Mailer;
      publicUrl: string;
      siteName: string;
      /** Where a failed refund or customer e-mail is reported (the status change stands) when no request's is given. */
      log: Log;
    },
  ) {}

  /** GET /api/orders: every customer's orders, newest first, optionally of one status (three queries). */
  async list(query: AdminOrderListQuery): Promise<Order[]> {
    const orders = await this.deps.ds.getRepository(OrderEntity).find({
      where: query.status ? { status: query.status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      take: query.limit,
      skip: query.offset,
    });
    return this.deps.orders.withItems(orders);
  }

  /**
   * PUT /api/orders/{id}/status. The same status only updates the tracking number and notes. Shipping takes the
   * documented `{status}` alone; the tracking number is optional (the admin dialog asks for one). Cancelling restocks the items whose product still exists, then refunds the payment; a refund
   * that fails leaves the cancel standing, is logged and noted on the status-change row (docs/decisions.md).
   * The customer is e-mailed when the order ships (or its tracking number changes) and when it is canceled.
   */
  async updateStatus(adminId: number, input: OrderStatusUpdateInput, log: Log = this.deps.log): Promise<Order> {
    const { ds } = this.deps;
    const order = await ds.getRepository(OrderEntity).findOneBy({ id: input.id });
    if (!order) throw notFound(S.orderNotFound);
    const from = order.status;
    const to = input.status;
    const refused = orderTransitionError(from, to);
    if (refused) throw conflict(refused);

    const changes: Partial<Pick<OrderEntity, 'status' | 'trackingNumber' | 'notes'>> = { status: to };
    if (input.trackingNumber !== undefined) changes.trackingNumber = input.trackingNumber;
    if (input.notes !== undefined) changes.notes = input.notes;
    const statusChanged = from !== to;

    const changeId = await runInTransaction(ds, async (em) => {
      const result = await em
        .createQueryBuilder()
        .update(OrderEntity)
        .set(changes)
        .where('id = :id AND status = :from', { id: order.id, from })
        .execute();
      if (result.affected !== 1) throw await this.changedMeanwhile(em, order.id, to);
      if (!statusChanged) return null;
      const inserted = await em.insert(OrderStatusChangeEntity, {
        orderId: order.id,
        fromStatus: from,
        toStatus: to,
        changedById: adminId,
        note: null,
      });
      if (to === 'canceled') await this.restock(em, order.id);
      return Number(inserted.identifiers[0]?.id);
    });

    const refund = to === 'canceled' && changeId !== null ? await this.refund(order, changeId, log) : null;
    const updated = await this.deps.orders.oneWithItems(
      await ds.getRepository(OrderEntity).findOneByOrFail({ id: order.id }),
    );

    const trackingChanged = updated.trackingNumber !== order.trackingNumber;
    if (to === 'shipped' && (statusChanged || trackingChanged))
      await this.mail(log, () => this.sendShipped(updated, log));
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

  /** Refunds a canceled order's payment through its provider; the outcome goes on the cancel's status-change row. */
  private async refund(order: OrderEntity, changeId: number, log: Log): Promise<RefundOutcome> {
    const { ds, provider } = this.deps;
    let outcome: RefundOutcome;
    if (order.paymentProvider !== provider.name) {
      outcome = { ok: false, reason: `paid with ${order.paymentProvider}, which is not the configured provider` };
      log.error({ err: new Error(outcome.reason) }, `order ${order.id} canceled but not refunded`);
    } else {
      try {
        await provider.refund(order.paymentId);
        outcome = { ok: true };
      } catch (error) {
        log.error({ err: error }, `order ${order.id} canceled but its refund failed`);
        outcome = { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    }
    if (outcome.ok) {
      await ds.getRepository(PaymentEntity).update({ providerPaymentId: order.paymentId }, { status: 'refunded' });
    }
    const note = outcome.ok
      ? `Refunded ${formatCents(order.total)} (${order.paymentProvider} ${order.paymentId})`
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
        subject: `${this.deps.siteName} order #${order.id} has shipped`,
        text: [
          `Good news: your order #${order.id} is on its way.`,
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
        subject: `${this.deps.siteName} order #${order.id} was canceled`,
        text: [
          `Your order #${order.id} has been canceled.`,
          '',
          refund.ok
            ? `We have refunded ${formatCents(order.total)} to your card. It may take 5–10 business days to appear.`
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

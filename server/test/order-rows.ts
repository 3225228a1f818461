import type { DataSource } from 'typeorm';
import { OrderEntity } from '../src/modules/orders/order.entity';

type OrderRow = Pick<OrderEntity, 'userId' | 'status' | 'email' | 'shipName' | 'paymentId' | 'createdAt'>;

/**
 * Orders written straight to the database (a $15.80 order shipping to Sacramento, without lines) in batches, for
 * tests that need thousands of them; the database's triggers see each row as a placed order.
 */
export async function insertOrders(ds: DataSource, rows: OrderRow[]): Promise<void> {
  const orders = rows.map((row) => ({
    ...row,
    shipLine1: '1 Main St',
    shipCity: 'Sacramento',
    shipState: 'CA',
    shipPostalCode: '95814',
    subtotal: 1000,
    shipping: 500,
    tax: 80,
    total: 1580,
    paymentProvider: 'test',
  }));
  for (let i = 0; i < orders.length; i += 400) await ds.getRepository(OrderEntity).insert(orders.slice(i, i + 400));
}

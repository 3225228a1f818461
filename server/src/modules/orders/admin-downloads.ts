import { Readable } from 'node:stream';
import {
  type AdminOrder,
  adminOrderFilterSchema,
  centralDateString,
  MESSAGES,
  utcToCentralWallTime,
} from '@curbside/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../errors';
import type { Storage } from '../../lib/storage';
import { withAccess } from '../../plugins/route-access';
import { pathIdSchema } from '../../rest/inputs';
import type { OrderAdminService } from './order-admin.service';

// The admin's two file downloads, plain routes because a procedure responds with JSON: the CSV export of the filtered
// orders and the full-resolution photo of a print line. Both refuse anyone who does not act as an admin (401 signed
// out, 403 otherwise), checked by plugins/route-access.ts.

/** The export's columns, in order (docs/decisions.md). Amounts in dollars with two decimals, dates in Central time. */
export const CSV_COLUMNS: [string, (order: AdminOrder) => string | number][] = [
  ['Order', (o) => o.id],
  ['Date (Central)', (o) => utcToCentralWallTime(o.createdAt).replace('T', ' ')],
  ['Status', (o) => o.status],
  ['Customer', (o) => o.customer?.name ?? o.customer?.username ?? ''],
  ['E-mail', (o) => o.email],
  ['Ship to', (o) => o.shippingAddress.name],
  ['City', (o) => o.shippingAddress.city],
  ['State', (o) => o.shippingAddress.state],
  ['Postal code', (o) => o.shippingAddress.postalCode],
  ['Country', (o) => o.shippingAddress.country],
  ['Items', (o) => o.itemCount],
  ['Subtotal', (o) => dollars(o.subtotal)],
  ['Shipping', (o) => dollars(o.shipping)],
  ['Tax', (o) => dollars(o.tax)],
  ['Total', (o) => dollars(o.total)],
  ['Refunded', (o) => dollars(o.refundedAmount)],
  ['Payment', (o) => o.paymentState],
  ['Tracking number', (o) => o.trackingNumber ?? ''],
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * One CSV field (RFC 4180). Text is always quoted (quotes doubled), and a formula lead-in (=, +, -, @, tab, carriage
 * return) that a spreadsheet could take as the start of a cell gets an apostrophe before it, as OWASP advises: at
 * the start of the text, and after each `,`, `;`, tab or line break in it, since a spreadsheet whose list separator is
 * `;` (or a tab) cuts the line there whatever the quotes say; after those, a quote is prefixed too, as it would open a quoted
 * cell. Numbers are written as they are.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = value.replace(/^(?=[=+\-@\t\r])|([,;\t\r\n])(?=[=+\-@\t\r"])/g, "$1'");
  return `"${text.replace(/"/g, '""')}"`;
}

const csvLine = (fields: (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

async function* csvOf(rows: AsyncGenerator<AdminOrder[]>): AsyncGenerator<string> {
  // The byte-order mark lets Excel read the names as UTF-8.
  yield `\uFEFF${csvLine(CSV_COLUMNS.map(([header]) => header))}`;
  for await (const batch of rows) {
    yield batch.map((order) => csvLine(CSV_COLUMNS.map(([, cell]) => cell(order)))).join('');
  }
}

const itemParams = z.object({ id: pathIdSchema, itemId: pathIdSchema });

export function registerOrderAdminDownloads(
  app: FastifyInstance,
  deps: { orderAdmin: OrderAdminService; storage: Storage },
): void {
  const adminOnly = withAccess({ level: 'admin' });

  /** GET /api/orders/export.csv?q=&status=&from=&to= (admin): the filtered orders, as the list shows them. */
  app.get('/api/orders/export.csv', adminOnly, async (req, reply) => {
    const filter = adminOrderFilterSchema.parse(req.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${centralDateString(new Date())}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(csvOf(deps.orderAdmin.exportRows(filter))));
  });

  /** GET /api/orders/{id}/items/{itemId}/original (admin): the photo to print, as stored (metadata stripped). */
  app.get('/api/orders/:id/items/:itemId/original', adminOnly, async (req, reply) => {
    const { id, itemId } = itemParams.parse(req.params);
    const { storageKey, filename } = await deps.orderAdmin.originalOf(id, itemId);
    const object = await deps.storage.get(storageKey);
    if (!object) throw notFound(MESSAGES.fulfilment.photoGone);
    return reply
      .header('content-type', object.contentType)
      .header('content-length', String(object.size))
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(object.body);
  });
}

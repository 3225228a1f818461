import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  adminOrderSearchFields,
  bulkStatusInputSchema,
  bulkStatusResultSchema,
  cancelOrderInputSchema,
  internalNoteInputSchema,
  orderStatusUpdateInputSchema,
  withDateRange,
} from '@curbside/shared';
import { z } from 'zod';
import { fromQuery, pageParams, pathIdSchema } from '../../rest/inputs';
import { setNextPageHeaders } from '../../rest/next-page';
import { adminProcedure, router } from '../../trpc';

const tags = ['orders'];

/** Order management (admin): every customer's orders, and status changes by the transition rule. */
export const ordersAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders',
        tags,
        summary: 'All orders, newest first (admin)',
        description:
          'A plain array of orders, newest first. When more follow, the response has an `X-Next-Cursor` header (and ' +
          'a `Link` header with rel="next"): send it back as `cursor` for the next page. `offset` still works up to ' +
          '10000; beyond that it is refused with 400.',
      },
    })
    .input(
      adminOrderListQuerySchema.extend({
        limit: fromQuery(adminOrderListQuerySchema.shape.limit),
        ...pageParams(adminOrderListQuerySchema.shape),
        q: adminOrderSearchFields.shape.q,
        from: adminOrderSearchFields.shape.from,
        to: adminOrderSearchFields.shape.to,
      }),
    )
    .output(z.array(adminOrderSchema))
    .query(async ({ ctx, input }) => {
      const page = await ctx.services.orderAdmin.list(input);
      const { limit, status, q, from, to } = input;
      setNextPageHeaders(ctx, '/orders', { limit, status, q, from, to }, page.nextCursor);
      return page.items;
    }),

  search: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/orders/search',
        tags,
        summary: 'One page of the orders by number, customer, status and Central dates, with the total (admin)',
      },
    })
    .input(
      withDateRange(
        adminOrderSearchFields.extend({
          page: fromQuery(adminOrderSearchFields.shape.page),
          pageSize: fromQuery(adminOrderSearchFields.shape.pageSize),
        }),
      ),
    )
    .output(adminOrderPageSchema)
    .query(({ ctx, input }) => ctx.services.orderAdmin.search(input)),

  get: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/orders/{id}', tags, summary: 'One order with photos and history (admin)' },
    })
    .input(z.object({ id: pathIdSchema }))
    .output(adminOrderDetailSchema)
    .query(({ ctx, input }) => ctx.services.orderAdmin.detail(input.id)),

  updateStatus: adminProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: { method: 'PUT', path: '/orders/{id}/status', tags, summary: 'Move an order to a new status (admin)' },
    })
    .input(orderStatusUpdateInputSchema.extend({ id: pathIdSchema }))
    .output(adminOrderSchema)
    .mutation(({ ctx, input }) => ctx.services.orderAdmin.updateStatus(ctx.user.id, input, ctx.req.log)),

  setInternalNote: adminProcedure
    .meta({
      openapi: { method: 'PUT', path: '/orders/{id}/internal-note', tags, summary: "The admins' own note (admin)" },
    })
    .input(internalNoteInputSchema.extend({ id: pathIdSchema }))
    .output(adminOrderSchema)
    .mutation(({ ctx, input }) => ctx.services.orderAdmin.setInternalNote(input)),

  bulkStatus: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/orders/bulk-status',
        tags,
        summary: 'Move several orders to Processing or Shipped; says which moved and why others did not (admin)',
      },
    })
    .input(bulkStatusInputSchema)
    .output(bulkStatusResultSchema)
    .mutation(({ ctx, input }) => ctx.services.orderAdmin.bulkStatus(ctx.user.id, input, ctx.req.log)),

  cancel: adminProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/orders/{id}/cancel',
        tags,
        summary: 'Cancel an order, refunding all, none or part of what was paid (admin)',
      },
    })
    .input(cancelOrderInputSchema.extend({ id: pathIdSchema }))
    .output(adminOrderSchema)
    .mutation(({ ctx, input }) => ctx.services.orderAdmin.cancel(ctx.user.id, input, ctx.req.log)),
});

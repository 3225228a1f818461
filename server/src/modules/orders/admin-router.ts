import {
  adminOrderListQuerySchema,
  orderListSchema,
  orderSchema,
  orderStatusUpdateInputSchema,
} from '@curbside/shared';
import { fromQuery, pathIdSchema } from '../../rest/inputs';
import { adminProcedure, router } from '../../trpc';

const tags = ['orders'];

/** Order management (admin): every customer's orders, and status changes by the transition rule. */
export const ordersAdminRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/orders', tags, summary: 'All orders, newest first (admin)' } })
    .input(
      adminOrderListQuerySchema.extend({
        limit: fromQuery(adminOrderListQuerySchema.shape.limit),
        offset: fromQuery(adminOrderListQuerySchema.shape.offset),
      }),
    )
    .output(orderListSchema)
    .query(({ ctx, input }) => ctx.services.orderAdmin.list(input)),

  updateStatus: adminProcedure
    .meta({
      openapi: { method: 'PUT', path: '/orders/{id}/status', tags, summary: 'Move an order to a new status (admin)' },
    })
    .input(orderStatusUpdateInputSchema.extend({ id: pathIdSchema }))
    .output(orderSchema)
    .mutation(({ ctx, input }) => ctx.services.orderAdmin.updateStatus(ctx.user.id, input, ctx.req.log)),
});

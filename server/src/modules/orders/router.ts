import { orderListSchema } from '@curbside/shared';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';

// Customer side of orders. The admin procedures (list, status) go beside this one.
export const ordersRouter = router({
  mine: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/user/orders', tags: ['orders'], summary: "The signed-in user's orders" },
    })
    .input(z.void())
    .output(orderListSchema)
    .query(({ ctx }) => ctx.services.orders.listForUser(ctx.user.id)),
});

import { adminCarSchema, slugInputSchema } from '@curbside/shared';
import { adminProcedure } from '../../trpc';

/**
 * GET /api/admin/cars/{slug} (admin): any car, public or not, with its review state and whether its owner is
 * suspended, so an admin opening a held, hidden, waiting or rejected car (or a suspended owner's) sees its page and
 * why the public cannot. Everyone else still gets "Car not found" from GET /api/cars/{slug}. Not cached: what it
 * answers depends on who asks.
 */
export const adminCarBySlug = adminProcedure
  .meta({
    refusals: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/admin/cars/{slug}',
      tags: ['cars'],
      summary: 'One car as an admin sees it, public or not (admin)',
    },
  })
  .input(slugInputSchema)
  .output(adminCarSchema)
  .query(({ ctx, input }) => ctx.services.cars.asAdminSees(input.slug, ctx));

import { carSchema, idInputSchema, slugInputSchema } from '@curbside/shared';
import { carCache } from '../../cache-policies';
import { fromQuery } from '../../rest/inputs';
import { publicProcedure } from '../../trpc';

const byIdInput = idInputSchema.extend({ id: fromQuery(idInputSchema.shape.id) });

/** GET /api/cars/{slug}: 404 'Car not found' for an unknown slug. */
export const carBySlug = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/cars/{slug}', tags: ['cars'], protect: false, summary: 'One car' },
    cache: carCache,
  })
  .input(slugInputSchema)
  .output(carSchema)
  .query(({ ctx, input }) => ctx.services.cars.bySlug(input.slug, ctx));

/** GET /api/cars/by-id/{id} */
export const carById = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/cars/by-id/{id}', tags: ['cars'], protect: false, summary: 'One car by id' },
    cache: carCache,
  })
  .input(byIdInput)
  .output(carSchema)
  .query(({ ctx, input }) => ctx.services.cars.byId(input.id, ctx));

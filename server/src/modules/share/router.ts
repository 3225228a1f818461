import { qrCodeOutputSchema, slugInputSchema } from '@curbside/shared';
import { publicProcedure, router } from '../../trpc';

export const shareRouter = router({
  qrCode: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/qrcode/{slug}',
        tags: ['cars'],
        protect: false,
        summary: "QR code of a car's page",
      },
    })
    .input(slugInputSchema)
    .output(qrCodeOutputSchema)
    .query(({ ctx, input }) => ctx.services.share.qrCode(input.slug)),
});

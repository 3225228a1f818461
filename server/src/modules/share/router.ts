import { qrCodeOutputSchema, slugInputSchema } from '@curbside/shared';
import { publicProcedure, router } from '../../trpc';
import { carQrCode } from './qr-code';

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
    .query(({ ctx, input }) => carQrCode(ctx.services.ds, ctx.config.publicUrl, input.slug)),
});

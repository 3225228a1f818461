import { z } from 'zod';

// GET /api/qrcode/{slug} (part 1 §7): a QR code that links to the car's page.

export const qrCodeOutputSchema = z.object({
  /** An image source: a data: URL of a PNG. */
  qrCode: z.string(),
});
export type QrCodeOutput = z.infer<typeof qrCodeOutputSchema>;

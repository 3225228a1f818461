import { z } from 'zod';
import { LIMITS } from './limits';

// GET /api/qrcode/{slug} (part 1 §7): a QR code that links to the car's page.

export const qrCodeOutputSchema = z.object({
  /** An image source: a data: URL of a PNG. */
  qrCode: z.string(),
});
export type QrCodeOutput = z.infer<typeof qrCodeOutputSchema>;

/** Share previews skip images over 8 MB; an image of unknown size is allowed. */
export function isShareableImage(image: { fileSize?: number | null }): boolean {
  return (image.fileSize ?? 0) <= LIMITS.shareImageMaxBytes;
}

import { parentPort } from 'node:worker_threads';
import type { MeetCardLayout } from '@curbside/shared';
import { renderMeetCardsPdf } from './meet-card-pdf';
import type { MeetCardBatch } from './meet-cards.service';

// The thread meet-card PDFs are drawn on (pdf-thread.ts starts it): pdfkit and fontkit are plain JavaScript, and a
// card costs 100-150 ms of CPU in blocks of up to 100 ms (a 60-card sheet about 2 s), which on the main thread every
// other request would wait for. Buffers arrive as Uint8Arrays (structured clone) and go back the same way.

export interface PdfJob {
  id: number;
  batch: MeetCardBatch;
  layout: MeetCardLayout;
  site: { siteName: string; publicUrl: string };
}

export type PdfResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

parentPort?.on('message', async ({ id, batch, layout, site }: PdfJob) => {
  let result: PdfResult;
  try {
    const cards = batch.cards.map((card) => ({
      ...card,
      qrPng: asBuffer(card.qrPng),
      photoJpeg: card.photoJpeg ? asBuffer(card.photoJpeg) : null,
    }));
    result = { id, pdf: await renderMeetCardsPdf({ ...batch, cards }, layout, site) };
  } catch (error) {
    result = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(result);
});

import { createRequire } from 'node:module';
import { MESSAGES, type MeetCardLayout } from '@curbside/shared';
import type { MeetCardBatch } from './meet-cards.service';

// The meet-card PDF, drawn with pdfkit. pdfkit (and fontkit under it) is imported on the first download,
// so a server that never prints a card does not load it. Fonts: Inter Regular and Bold (SIL OFL 1.1, from the
// @expo-google-fonts/inter package), embedded as subsets holding only the glyphs the cards use.
//
// A card is drawn in its own coordinate system, A6 portrait (105 × 148 mm) in points: a6 pages are exactly that;
// the sheet layouts place four cards per US Letter or A4 page, scaled to fit, with dashed cutting guides.

const MM = 72 / 25.4;
const CARD = { width: 105 * MM, height: 148 * MM };
const PAD = 16;
const HEADER = 30;
const PHOTO = { top: HEADER, height: 128 };
const QR_SIZE = 152;
/** The photo box at 300 dpi: the print photo is cut to this. */
export const PHOTO_PIXELS = {
  width: Math.round((CARD.width / 72) * 300),
  height: Math.round((PHOTO.height / 72) * 300),
};

const SHEETS = {
  sheet: { size: [612, 792] as [number, number], name: 'LETTER' },
  'sheet-a4': { size: [595.28, 841.89] as [number, number], name: 'A4' },
};
const SHEET_MARGIN = 18;

const INK = '#111111';
const MUTED = '#555555';
const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
};

type Doc = PDFKit.PDFDocument;

/** The PDF of `batch`: one page per card (a6), or four cards per sheet. */
export async function renderMeetCardsPdf(
  batch: MeetCardBatch,
  layout: MeetCardLayout,
  site: { siteName: string; publicUrl: string },
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    font: FONTS.regular,
    info: {
      Title: batch.cards.length === 1 ? `${batch.cards[0]?.title} · ${site.siteName}` : `Meet cards · ${site.siteName}`,
      Author: site.siteName,
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const perPage = layout === 'a6' ? 1 : 4;
  for (const [index, card] of batch.cards.entries()) {
    if (layout === 'a6') {
      doc.addPage({ size: [CARD.width, CARD.height], margin: 0 });
      drawCard(doc, card, batch.eventTitle, site);
    } else {
      const sheet = SHEETS[layout];
      if (index % perPage === 0) doc.addPage({ size: sheet.size, margin: 0 });
      placeOnSheet(doc, sheet.size, index % perPage, () => drawCard(doc, card, batch.eventTitle, site));
    }
    // Let other requests run between cards: a 60-card PDF is drawn in slices, not one long block.
    await new Promise((resolve) => setImmediate(resolve));
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Card `slot` (0–3, row by row) of a sheet: scaled to fit its quarter, centred, with a dashed cutting guide. */
function placeOnSheet(doc: Doc, [pageWidth, pageHeight]: [number, number], slot: number, draw: () => void): void {
  const cellWidth = (pageWidth - 2 * SHEET_MARGIN) / 2;
  const cellHeight = (pageHeight - 2 * SHEET_MARGIN) / 2;
  const scale = Math.min(cellWidth / CARD.width, cellHeight / CARD.height);
  const width = CARD.width * scale;
  const height = CARD.height * scale;
  const x = SHEET_MARGIN + (slot % 2) * cellWidth + (cellWidth - width) / 2;
  const y = SHEET_MARGIN + Math.floor(slot / 2) * cellHeight + (cellHeight - height) / 2;
  doc.save();
  doc.rect(x, y, width, height).lineWidth(0.5).dash(4, { space: 3 }).strokeColor('#999999').stroke();
  doc.undash();
  doc.restore();
  doc.save();
  doc.translate(x, y).scale(scale);
  draw();
  doc.restore();
}

function drawCard(
  doc: Doc,
  card: MeetCardBatch['cards'][number],
  eventTitle: string | null,
  site: { siteName: string; publicUrl: string },
): void {
  const { width, height } = CARD;
  const inner = width - 2 * PAD;

  // Header: the site's name (and the event).
  doc.save();
  doc.rect(0, 0, width, HEADER).fill(INK);
  doc.restore();
  doc.font('bold').fontSize(13).fillColor('#ffffff');
  doc.text(site.siteName, PAD, 9, { width: inner / 2, lineBreak: false, ellipsis: true });
  if (eventTitle) {
    doc.font('regular').fontSize(8.5);
    doc.text(eventTitle, PAD + inner / 2, 11.5, { width: inner / 2, align: 'right', lineBreak: false, ellipsis: true });
  }

  // The photo, cut to its box (or a plain panel without one).
  doc.save();
  doc.rect(0, PHOTO.top, width, PHOTO.height).clip();
  if (card.photoJpeg) {
    doc.image(card.photoJpeg, 0, PHOTO.top, {
      cover: [width, PHOTO.height],
      align: 'center',
      valign: 'center',
    });
  } else {
    doc.rect(0, PHOTO.top, width, PHOTO.height).fill('#e6e6e6');
  }
  doc.restore();

  // Year, make and model (shrunk to fit one line, down to 12 pt), and the owner.
  let y = PHOTO.top + PHOTO.height + 10;
  doc.font('bold').fillColor(INK);
  const size = fitFontSize(doc, card.title, inner, 19, 12);
  doc.fontSize(size).text(card.title, PAD, y, { width: inner, lineBreak: false, ellipsis: true });
  y += size + 6;
  doc.font('regular').fontSize(10.5).fillColor(MUTED);
  doc.text(MESSAGES.meetCards.ownedBy(card.owner), PAD, y, { width: inner, lineBreak: false, ellipsis: true });

  // The QR code, large and centred, with the vote prompt under it.
  const qrTop = y + 20;
  doc.image(card.qrPng, (width - QR_SIZE) / 2, qrTop, { width: QR_SIZE, height: QR_SIZE });
  const prompt = MESSAGES.meetCards.votePrompt(site.siteName);
  doc.font('bold').fillColor(INK);
  doc.fontSize(fitFontSize(doc, prompt, inner, 11.5, 8));
  doc.text(prompt, PAD, qrTop + QR_SIZE + 4, {
    width: inner,
    align: 'center',
    lineBreak: false,
    ellipsis: true,
  });
  doc.font('regular').fontSize(7.5).fillColor(MUTED);
  doc.text(site.publicUrl.replace(/^https?:\/\//, ''), PAD, height - 16, {
    width: inner,
    align: 'center',
    lineBreak: false,
    ellipsis: true,
  });
}

/** The largest size from `max` down to `min` (half points) at which `text` fits `width` on one line in the current font. */
function fitFontSize(doc: Doc, text: string, width: number, max: number, min: number): number {
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 0.5;
  return size;
}

import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { HttpClient } from './http';

// Reading a generated PDF the way a viewer does (pdf.js): each page's size, its text, and the QR codes its images hold.

export interface PdfPage {
  width: number;
  height: number;
  text: string;
  /** What each QR code image on the page decodes to. */
  qrCodes: string[];
}

/** A download's status, headers and raw bytes, with the client's session. */
export async function download(client: HttpClient, path: string) {
  const res = await fetch(client.baseUrl + path, { headers: client.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** RGBA pixels of a pdf.js image (kind 1: 1 bit grey, 2: RGB, 3: RGBA). */
function rgba(image: DecodedImage): Uint8ClampedArray {
  const { width, height, kind, data } = image;
  if (kind === 3) return new Uint8ClampedArray(data);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    let r: number;
    let g: number;
    let b: number;
    if (kind === 2) {
      r = data[i * 3] ?? 0;
      g = data[i * 3 + 1] ?? 0;
      b = data[i * 3 + 2] ?? 0;
    } else {
      const rowBytes = Math.ceil(width / 8);
      const x = i % width;
      const y = Math.floor(i / width);
      const bit = ((data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      r = g = b = bit ? 255 : 0;
    }
    out.set([r, g, b, 255], i * 4);
  }
  return out;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    const ops = await page.getOperatorList();
    const qrCodes: string[] = [];
    for (const [i, fn] of ops.fnArray.entries()) {
      if (fn !== OPS.paintImageXObject) continue;
      const name = ops.argsArray[i][0] as string;
      const image = await new Promise<DecodedImage>((resolve) => page.objs.get(name, resolve));
      if (!image?.data) continue;
      const code = jsQR(rgba(image), image.width, image.height);
      if (code) qrCodes.push(code.data);
    }
    pages.push({ width, height, text, qrCodes });
  }
  await doc.destroy();
  return pages;
}

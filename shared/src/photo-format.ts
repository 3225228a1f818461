/**
 * The picture formats a car photo may be, as the server's decoder accepts them (server images/process-image.ts), told
 * by the file's first bytes, not by its name or its declared type: the browser checks each chosen file with it before
 * anything is sent.
 */
export type PhotoFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heif';

/** How many leading bytes photoFormatOf needs. */
export const PHOTO_SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** ISO base media ('ftyp') brands of AVIF and HEIF pictures. */
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The photo format the file starting with `bytes` is, or null when it is none of them (a text file named .jpg). */
export function photoFormatOf(bytes: Uint8Array): PhotoFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (HEIF_BRANDS.has(brand)) return 'heif';
  }
  return null;
}
